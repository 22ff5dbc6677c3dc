# Read by the example states (states/app, states/motd/motd.jinja).
app:
  name: saltlab-demo
  port: 8080
  greeting: Hello from every master
