"""The WSGI entry point for gunicorn: `gunicorn scorekeeper.wsgi:app`."""

from scorekeeper import create_app

app = create_app()
