"""The web layer: blueprints, forms and request handling (placeholder)."""


def init_app(app):
    """Register blueprints, extensions and error pages."""
