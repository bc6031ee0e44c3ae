"""HTML to PDF with WeasyPrint, reading stylesheets from the static folder and never the network."""

from __future__ import annotations

import mimetypes
import os
from urllib.parse import unquote, urlsplit

from weasyprint import CSS, HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

# The document's made-up origin: relative URLs resolve against it, and nothing else is fetched.
BASE_URL = "http://scorekeeper.invalid/"
PAPER_SIZES = {"a4": "A4", "letter": "letter"}


class StaticFileFetcher(URLFetcher):
    """Serves BASE_URL + static prefix from the static folder on disk; refuses every other URL."""

    def __init__(self, static_folder: str, static_prefix: str) -> None:
        super().__init__(allowed_protocols=())
        self.root = os.path.realpath(static_folder)
        self.prefix = static_prefix.rstrip("/") + "/"

    def fetch(self, url: str, headers: object = None) -> URLFetcherResponse:
        """The static file this URL names; ValueError (logged by WeasyPrint) otherwise."""
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}/" != BASE_URL or not parts.path.startswith(self.prefix):
            raise ValueError(f"Not fetched: {url}")
        path = os.path.realpath(os.path.join(self.root, unquote(parts.path[len(self.prefix) :])))
        if not path.startswith(self.root + os.sep) or not os.path.isfile(path):
            raise ValueError(f"No such static file: {url}")
        with open(path, "rb") as handle:
            body = handle.read()
        content_type = mimetypes.guess_type(path)[0] or "application/octet-stream"
        return URLFetcherResponse(url, body, {"Content-Type": content_type})


def render_pdf(html: str, static_folder: str, static_prefix: str = "/static", paper: str = "a4") -> bytes:
    """The PDF of this HTML page on A4 or US Letter (portrait)."""
    size = PAPER_SIZES.get(paper, "A4")
    document = HTML(
        string=html,
        base_url=BASE_URL,
        url_fetcher=StaticFileFetcher(static_folder, static_prefix),
    )
    return document.write_pdf(stylesheets=[CSS(string=f"@page {{ size: {size} portrait; }}")])
