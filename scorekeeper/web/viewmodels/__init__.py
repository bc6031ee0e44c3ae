"""What pages show, read from the engine as plain values (no rule, no total, little Flask)."""
