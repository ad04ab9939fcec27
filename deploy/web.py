"""A small HTTP client for the deployment test (standard library only).

Words:
client
    One browser or phone: its cookies and the loopback address its connections
    leave from (``127.0.0.x``). nginx sees that address as the peer
    (``$remote_addr``), so clients bound to different addresses are different
    devices to the proxy and, through ``X-Forwarded-For``, to the app.
answer
    A response read whole: status, headers (names in lower case), body text.
form fields
    The ``name: value`` pairs a browser would send for one ``<form>``: its
    inputs (checked boxes and radios only), selects (the selected option) and
    text areas; submit buttons are left out (the caller adds the one pressed).
"""

from __future__ import annotations

import http.client
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode

TIMEOUT = 30.0


@dataclass(frozen=True)
class Answer:
    """A response read whole; ``status`` 0 when the connection failed."""

    status: int
    headers: dict[str, str]
    body: str
    error: str = ""

    def json(self) -> dict[str, Any]:
        """The body read as a JSON object."""
        found: dict[str, Any] = json.loads(self.body)
        return found


@dataclass
class Client:
    """One device: requests to ``host:port`` from ``source`` (an address on
    loopback), keeping the cookies it is given. Redirects are not followed."""

    port: int
    source: str = "127.0.0.1"
    host: str = "127.0.0.1"
    cookies: dict[str, str] = field(default_factory=dict)

    def request(
        self,
        method: str,
        path: str,
        fields: dict[str, str] | None = None,
        port: int | None = None,
    ) -> Answer:
        """``method`` ``path`` (form-encoded ``fields`` for a POST) to this
        client's port, or to ``port`` (another server, same cookies)."""
        headers = {"Accept-Encoding": "identity"}
        body = None
        if fields is not None:
            body = urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection = http.client.HTTPConnection(
            self.host,
            port or self.port,
            timeout=TIMEOUT,
            source_address=(self.source, 0),
        )
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            answer = Answer(response.status, _headers(response), text)
            for value in response.headers.get_all("Set-Cookie") or []:
                self._keep(value)
            return answer
        except (OSError, http.client.HTTPException) as error:
            return Answer(0, {}, "", error=f"{type(error).__name__}: {error}")
        finally:
            connection.close()

    def get(self, path: str, port: int | None = None) -> Answer:
        return self.request("GET", path, port=port)

    def post(
        self, path: str, fields: dict[str, str], port: int | None = None
    ) -> Answer:
        return self.request("POST", path, fields, port=port)

    def _keep(self, header: str) -> None:
        name, _, rest = header.partition("=")
        value = rest.split(";", 1)[0]
        if value and "max-age=0" not in header.lower():
            self.cookies[name.strip()] = value
        else:
            self.cookies.pop(name.strip(), None)

    def log_in(self, username: str, password: str, attempts: int = 1) -> Answer:
        """Log in at ``/accounts/login/`` as a browser does (the CSRF cookie
        and the form's token), ``attempts`` times with the same form; the last
        answer (302 and a session cookie when the login worked)."""
        page = self.get("/accounts/login/")
        fields = form_fields(page.body, having="password")
        fields.update(username=username, password=password)
        answer = page
        for _ in range(attempts):
            answer = self.post("/accounts/login/", fields)
        return answer


def _headers(response: http.client.HTTPResponse) -> dict[str, str]:
    return {name.lower(): value for name, value in response.getheaders()}


class _FormReader(HTMLParser):
    """Collects the form fields of every form of a page, with each form's ``id``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.fields: dict[str, str] | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.fields = {}
            self.forms.append((a.get("id", ""), self.fields))
        elif self.fields is None:
            return
        elif tag == "input" and a.get("name"):
            self._input(a)
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select:
            # The first option unless another is selected, as a browser sends.
            if "selected" in a or self._select not in self.fields:
                self.fields[self._select] = a.get("value", "")
        elif tag == "textarea" and a.get("name"):
            self._textarea = a["name"]
            self.fields[a["name"]] = ""

    def _input(self, a: dict[str, str]) -> None:
        assert self.fields is not None
        kind = a.get("type", "text").lower()
        if kind in {"submit", "button", "image", "file", "reset"}:
            return
        if kind in {"checkbox", "radio"} and "checked" not in a:
            return
        self.fields[a["name"]] = a.get("value", "on" if kind == "checkbox" else "")

    def handle_data(self, data: str) -> None:
        if self.fields is not None and self._textarea:
            self.fields[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.fields = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def form_fields(html: str, form_id: str = "", having: str = "") -> dict[str, str]:
    """The form fields, as a browser would send them, of the first form in
    ``html`` whose ``id`` is ``form_id`` or which has a field ``having``;
    KeyError when there is none."""
    reader = _FormReader()
    reader.feed(html)
    for found_id, fields in reader.forms:
        if (form_id and found_id == form_id) or (having and having in fields):
            return fields
    raise KeyError(f"no form {form_id or 'with ' + having} on the page")


def attribute(html: str, name: str) -> str:
    """The value of the first ``name="…"`` attribute in ``html``, or ""."""
    found = re.search(rf'{re.escape(name)}="([^"]*)"', html)
    return found.group(1) if found else ""
