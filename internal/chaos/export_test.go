package chaos

// SaltKeyArgv exposes saltKeyArgv to the external tests, which may import
// the client.
var SaltKeyArgv = saltKeyArgv
