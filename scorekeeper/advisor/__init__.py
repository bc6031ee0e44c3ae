"""The coach: optimal-play tables and advice (placeholder)."""
