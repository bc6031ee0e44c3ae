"""Storage: SQLAlchemy tables, migrations, load/save of games and entries (placeholder)."""


def init_app(app):
    """Attach the database to the app."""
