"""Compressed responses (Flask-Compress) and versioned, long-cached static files.

CSS and JS are served minified (rcssmin, rjsmin; the files on disk keep their comments).
Pages, fragments, JSON, CSS and JS go out gzip- or brotli-compressed when the phone accepts it
(the README has the sizes). Static URLs carry ``?v=<content hash>``, so a
phone keeps CSS and JS for a year and fetches them again only when a file's content changes.
What is left alone: responses with no body (a poll's 204 or 304), PDFs and images
already compressed, and anything under ``COMPRESS_MIN_SIZE`` bytes.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache

import rcssmin
import rjsmin
from flask import Flask, Response, current_app, request
from flask_compress import Compress

# Text worth compressing; PDFs and PNGs are compressed already.
MIMETYPES = [
    "text/html",
    "text/css",
    "text/plain",
    "text/javascript",
    "application/javascript",
    "application/json",
    "image/svg+xml",
]
STATIC_MAX_AGE = 365 * 24 * 3600  # a versioned URL never changes content
NO_BODY = (204, 304)


@lru_cache(maxsize=256)
def _content_hash(path: str, mtime_ns: int, size: int) -> str:
    """A short hash of a file's content (cached until its mtime or size changes)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        digest.update(handle.read())
    return digest.hexdigest()[:10]


@lru_cache(maxsize=64)
def _minified(path: str, mtime_ns: int, size: int) -> bytes | None:
    """A CSS or JS file without its comments and spaces (cached until the file changes).

    The files keep their comments for whoever reads the source; a phone needs none of them.
    Vendored ``.min.`` files are minified already.
    """
    name = os.path.basename(path)
    if ".min." in name or not name.endswith((".css", ".js")):
        return None
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    small = rcssmin.cssmin(text) if name.endswith(".css") else rjsmin.jsmin(text)
    return small.encode("utf-8")


def static_version(filename: str) -> str | None:
    """The version of a static file for its URL, or None when there is no such file."""
    found = _static_file(filename)
    return _content_hash(*found) if found else None


def add_static_version(endpoint: str, values: dict) -> None:
    """url_for('static', filename=…) gains ?v=<hash>, in every template and blueprint."""
    if endpoint == "static" and "filename" in values and "v" not in values:
        version = static_version(values["filename"])
        if version:
            values["v"] = version


def buffer_static(response: Response) -> Response:
    """Read a 200 static file into memory, so it is compressed whole like any page.

    Flask streams static files from disk; Flask-Compress would then skip gzip (it only
    streams brotli/deflate) and send it chunked. Our files are a few KB to 50 KB.
    """
    if request.endpoint == "static" and response.status_code == 200 and response.is_streamed:
        response.direct_passthrough = False
        response.make_sequence()
        minified = _static_minified((request.view_args or {}).get("filename", ""))
        if minified is not None:
            response.set_data(minified)
    return response


def _static_minified(filename: str) -> bytes | None:
    """The minified body of a static CSS or JS file, or None to serve it as it is."""
    found = _static_file(filename)
    return _minified(*found) if found else None


@lru_cache(maxsize=256)
def _static_path(folder: str, filename: str) -> str | None:
    """The real path of a file named inside the static folder, or None for a name that leaves it.

    Kept: every page asks for a dozen static URLs, and resolving a path walks each of its folders.
    """
    path = os.path.realpath(os.path.join(folder, filename))
    return path if path.startswith(os.path.realpath(folder) + os.sep) else None


def _static_file(filename: str) -> tuple[str, int, int] | None:
    """A static file's real path, mtime and size (the cache key), or None outside the folder."""
    path = _static_path(current_app.static_folder or "", filename)
    if path is None:
        return None
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return path, stat.st_mtime_ns, stat.st_size


def cache_static(response: Response) -> Response:
    """A year of caching for a static URL whose ?v= names the file's current content."""
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    filename = (request.view_args or {}).get("filename", "")
    version = request.args.get("v")
    if version and version == static_version(filename):
        response.cache_control.no_cache = None
        response.cache_control.public = True
        response.cache_control.max_age = STATIC_MAX_AGE
        response.cache_control.immutable = True
    return response


def compress_response(response: Response) -> Response:
    """Flask-Compress, except for answers with no body (a poll's 204 or 304 stays bare)."""
    if response.status_code in NO_BODY:
        return response
    return current_app.extensions["compress"].after_request(response)


def init_app(app: Flask) -> None:
    """Compress responses, version static URLs; call after the blueprints are registered."""
    app.config.setdefault("COMPRESS_MIMETYPES", MIMETYPES)
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)  # below one packet, gzip gains nothing
    app.config.setdefault("COMPRESS_LEVEL", 6)
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)  # about gzip's speed, and smaller
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config["COMPRESS_REGISTER"] = False  # registered below, through compress_response
    app.extensions["compress"] = Compress(app)
    app.url_defaults(add_static_version)
    # after_request hooks run last-registered first: buffer, then compress, then cache headers.
    app.after_request(cache_static)
    app.after_request(compress_response)
    app.after_request(buffer_static)
