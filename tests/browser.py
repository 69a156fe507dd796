"""Headless Chromium driven over the DevTools protocol, for the HTML page's tests.

The browser is started with ``--remote-debugging-pipe``: it reads the protocol's commands
on its file descriptor 3 and writes its answers and events on 4, each message JSON ended by
a NUL byte (as Puppeteer and Playwright drive it). No port is opened and no Python package
is needed. :class:`Browser` opens one tab per page, sets its viewport exactly (a phone's 400
pixels too: a window is never that narrow), loads a page and runs JavaScript in it.

:func:`find_browser` says where a browser is, or None (the tests then skip).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: The flags of a quiet, private, offline-minded run: no first-run page, no sync, no
#: component updates, no background requests.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
    "--mute-audio",
    "--remote-debugging-pipe",
)


#: Run in the child before the browser: puts the pipes' ends on file descriptors 3 and 4,
#: where ``--remote-debugging-pipe`` looks for them, closes the rest and runs the browser.
_ON_3_AND_4 = """
import os, sys
given = {int(sys.argv[1]), int(sys.argv[2])}
read, write = os.dup(int(sys.argv[1])), os.dup(int(sys.argv[2]))
os.dup2(read, 3)
os.dup2(write, 4)
for fd in (given | {read, write}) - {3, 4}:
    os.close(fd)
os.set_inheritable(3, True)
os.set_inheritable(4, True)
os.execv(sys.argv[3], sys.argv[3:])
"""


class BrowserError(RuntimeError):
    """The browser could not be started, or did not answer in time."""


def find_browser() -> str | None:
    """The Chromium (or Chrome) to run, or None when none is installed."""
    if os.path.exists("/usr/bin/chromium"):
        return "/usr/bin/chromium"
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """One headless browser process; :meth:`tab` opens a page in a viewport of a given size."""

    def __init__(self, executable: str, timeout: float = 20.0) -> None:
        self.timeout = timeout
        self._profile = tempfile.TemporaryDirectory(
            prefix="referee-browser-", ignore_cleanup_errors=True
        )
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in close())
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        command = [
            sys.executable,
            "-c",
            _ON_3_AND_4,
            str(to_browser_r),
            str(from_browser_w),
            executable,
            *FLAGS,
            f"--user-data-dir={self._profile.name}",
            "about:blank",
        ]
        try:
            self._process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=self._log,
                pass_fds=(to_browser_r, from_browser_w),
                start_new_session=True,
            )
        finally:
            os.close(to_browser_r)
            os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []
        try:
            self.call("Browser.getVersion")
        except BrowserError:
            self.close()
            raise

    # -- the protocol

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer (the events read meanwhile are kept)."""
        self._next_id += 1
        ident = self._next_id
        message: dict[str, Any] = {"id": ident, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        try:
            while data:
                data = data[os.write(self._to_browser, data) :]
        except OSError as exc:
            raise BrowserError(f"the browser stopped: {exc}; {self._tail()}") from exc
        while True:
            answer = self._read()
            if answer.get("id") == ident:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            self._events.append(answer)

    def wait_for(self, event: str, session: str, timeout: float | None = None) -> dict[str, Any]:
        """Wait for an event of the tab ``session`` (one already read counts)."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for i, seen in enumerate(self._events):
                if seen.get("method") == event and seen.get("sessionId") == session:
                    del self._events[i]
                    return seen
            self._events.append(self._read(deadline))

    def _read(self, deadline: float | None = None) -> dict[str, Any]:
        deadline = deadline or time.monotonic() + self.timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._from_browser], [], [], max(left, 0))
            if not ready:
                raise BrowserError(f"the browser did not answer in time; {self._tail()}")
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise BrowserError(f"the browser stopped; {self._tail()}")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        parsed: dict[str, Any] = json.loads(message)
        return parsed

    def _tail(self) -> str:
        self._log.seek(0)
        return self._log.read().decode(errors="replace").strip()[-400:]

    # -- pages

    def tab(self, width: int, height: int, *, mobile: bool = False) -> Tab:
        """A new blank tab whose viewport is ``width`` x ``height`` CSS pixels."""
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call(
            "Emulation.setDeviceMetricsOverride",
            session,
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=mobile,
        )
        self.call("Page.enable", session)
        return Tab(self, target, session)

    def close(self) -> None:
        """Stop the browser and remove its profile."""
        for fd in (self._to_browser, self._from_browser):
            with contextlib.suppress(OSError):
                os.close(fd)
        # The browser's own processes (renderers, zygote, crash handler) are in the process
        # group it was started in: all killed at once (its profile is thrown away, so it
        # has nothing to save; a killed process writes nothing more to it), then the
        # profile is removed.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._process.pid, signal.SIGKILL)
        self._process.wait()
        self._log.close()
        self._profile.cleanup()


class Tab:
    """A page in the browser: load it, run JavaScript in it, type into it."""

    def __init__(self, browser: Browser, target: str, session: str) -> None:
        self.browser = browser
        self.target = target
        self.session = session

    def load(self, page: Path) -> None:
        """Open a file and wait until it is loaded (its scripts run)."""
        self.goto(page.as_uri())
        self.browser.wait_for("Page.loadEventFired", self.session)

    def goto(self, url: str) -> None:
        """Start loading ``url`` (returns once the browser has its first bytes)."""
        answer = self.browser.call("Page.navigate", self.session, url=url)
        if answer.get("errorText"):
            raise BrowserError(f"{url}: {answer['errorText']}")

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (a promise is awaited)."""
        answer = self.browser.call(
            "Runtime.evaluate",
            self.session,
            expression=expression,
            returnByValue=True,
            awaitPromise=True,
        )
        if "exceptionDetails" in answer:
            raise BrowserError(f"script failed: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def type(self, text: str) -> None:
        """Type ``text`` into the element that has the focus, as a user would."""
        self.browser.call("Input.insertText", self.session, text=text)

    def close(self) -> None:
        self.browser.call("Target.closeTarget", targetId=self.target)
