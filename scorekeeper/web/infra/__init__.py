"""Cross-cutting web plumbing: extensions, translation, headers, limits, compression, PDF, cookies."""
