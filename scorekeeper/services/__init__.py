"""Use cases, one transaction each: games, tables, a phone's recent games, export and import."""
