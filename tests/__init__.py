"""The test suite, by layer: unit/, integration/, e2e/; helpers in support/."""
