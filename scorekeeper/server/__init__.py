"""What serves the app: granian and its workers, the access log, redaction of logs, helper processes."""
