"""A built site served on 127.0.0.1 for the browser tests: the rulebook's (tests/test_browser.py)
and the in-page adjudicator's (tests/web)."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit


class _Handler(http.server.SimpleHTTPRequestHandler):
    # Python's table lacks .mjs on some versions; module scripts need a JavaScript type
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json"}

    server: _QuietServer

    def do_GET(self) -> None:
        """Serve the file, noting its path; a path the server refuses answers 503, as a file that
        failed mid-way on a real network would (tests/web/test_offline_browser.py)."""
        path = urlsplit(self.path).path.lstrip("/")
        self.server.asked.append(path)
        if path in self.server.refused:
            self.send_error(503, "refused by the test")
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    """A server that does not print a traceback when the browser hangs up mid-answer: a page
    left while it still fetched (a test's next navigation) is no error of the site's. It notes the
    path of every GET (``asked``) and answers 503 for the paths in ``refused``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.asked: list[str] = []
        self.refused: set[str] = set()

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class Server:
    """``http.server`` on 127.0.0.1 serving ``root``, in a thread; :meth:`stop` cuts it off.
    ``refused`` (paths relative to the root) answer 503 while they are in it; ``asked`` lists the
    paths asked for so far, in order."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.httpd = _QuietServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(root)))
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def refused(self) -> set[str]:
        return self.httpd.refused

    @property
    def asked(self) -> list[str]:
        return self.httpd.asked

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)
