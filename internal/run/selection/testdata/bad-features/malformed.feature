# Not Gherkin: no Feature: line (docs/bad-input.md runs it).
this is not a feature
