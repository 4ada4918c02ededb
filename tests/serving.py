"""A built site served on 127.0.0.1 for the browser tests: the rulebook's (tests/test_browser.py)
and the in-page adjudicator's (tests/web)."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import Any


class _Handler(http.server.SimpleHTTPRequestHandler):
    # Python's table lacks .mjs on some versions; module scripts need a JavaScript type
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json"}

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    """A server that does not print a traceback when the browser hangs up mid-answer: a page
    left while it still fetched (a test's next navigation) is no error of the site's."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class Server:
    """``http.server`` on 127.0.0.1 serving ``root``, in a thread; :meth:`stop` cuts it off."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.httpd = _QuietServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(root)))
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)
