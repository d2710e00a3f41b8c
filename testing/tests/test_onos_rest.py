# Run: .venv/bin/python -m pytest testing/tests
"""The REST client's bounded retries, against a local HTTP server that misbehaves on purpose."""
import http.server
import threading

import pytest

from nidslib import onos


class FlakyHandler(http.server.BaseHTTPRequestHandler):
    answers = []

    def do_GET(self):
        status, body = self.answers.pop(0) if self.answers else (200, b"{}")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    httpd = http.server.HTTPServer(("127.0.0.1", 0), FlakyHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


def client(url):
    return onos.Rest(url, attempts=4, first_delay=0.01, max_delay=0.02, timeout=2)


def test_transient_503_is_retried(server):
    FlakyHandler.answers = [(503, b"busy"), (503, b"busy"), (200, b'{"ok": true}')]
    assert client(server).get("/x") == {"ok": True}


def test_client_errors_are_not_retried(server):
    FlakyHandler.answers = [(404, b"nope"), (200, b"{}")]
    with pytest.raises(onos.RestError) as e:
        client(server).get("/x")
    assert e.value.status == 404


def test_retries_are_bounded(server):
    FlakyHandler.answers = [(503, b"busy")] * 10
    with pytest.raises(onos.RestError) as e:
        client(server).get("/x")
    assert e.value.status == 503
    assert len(FlakyHandler.answers) == 6  # four attempts, no more


def test_wait_until_fails_with_what_it_waited_for():
    with pytest.raises(onos.OnosError, match="the moon"):
        onos.wait_until(lambda: False, 0.05, 0.01, "the moon")


class FakeApps:
    """An applications API that answers from a script: one entry per poll, True = settled, else an HTTP status."""

    def __init__(self, script):
        self.script = list(script)
        self.polls = 0

    def get(self, path, retry=True):
        if path == "/onos/v1/applications":
            self.polls += 1
            step = self.script.pop(0) if self.script else True
            self.current = step
            if step is not True:
                raise onos.RestError("GET", path, step, "refreshing")
            return {"applications": [{"name": "org.onosproject.gui", "state": "ACTIVE"}]}
        assert path == "/onos/v1/applications/org.onosproject.gui/health"
        return {"message": "ready"}


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now

    def sleep(self, seconds):
        self.now += seconds


def settle(fake, timeout=60, stable_s=8):
    clock = FakeClock()
    waited = onos.wait_settled(fake, ["org.onosproject.gui"], timeout, stable_s=stable_s, interval=2,
                               clock=clock, sleep=clock.sleep)
    return waited, clock


def test_settled_means_stable_for_the_whole_window():
    fake = FakeApps([True] * 5)
    waited, _ = settle(fake)
    assert waited == 8 and fake.polls == 5       # polls at 0, 2, 4, 6, 8 s


def test_a_refresh_after_the_apps_read_active_restarts_the_window():
    # ACTIVE, then the core refresh (404, 503), then settled again: the window counts from the recovery.
    fake = FakeApps([True, True, 404, 503, True, True, True, True, True])
    waited, _ = settle(fake)
    assert waited == 16 and fake.polls == 9


def test_settling_is_bounded():
    fake = FakeApps([503] * 100)
    with pytest.raises(onos.OnosError, match="did not settle within 20 s"):
        settle(fake, timeout=20)
    assert fake.polls == 11


class UploadHandler(http.server.BaseHTTPRequestHandler):
    answers = []
    seen = []

    def _answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        UploadHandler.seen.append((self.command, self.path))
        status, body = self.answers.pop(0) if self.answers else (200, b'{"state": "ACTIVE"}')
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_DELETE = _answer

    def log_message(self, *args):
        pass


def test_install_app_retries_404_and_503_of_a_refreshing_core(tmp_path):
    oar = tmp_path / "app.oar"
    oar.write_bytes(b"PK")
    httpd = http.server.HTTPServer(("127.0.0.1", 0), UploadHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    UploadHandler.seen = []
    UploadHandler.answers = [(404, b"gone"), (204, b""),                  # DELETE: 404 while refreshing
                             (503, b"no admin service"), (404, b"gone"),  # POST: both transient
                             (200, b'{"name": "org.nids"}'), (200, b'{"state": "ACTIVE"}')]
    try:
        onos.install_app(client(f"http://127.0.0.1:{httpd.server_port}"), str(oar), "org.nids")
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert [m for m, _ in UploadHandler.seen] == ["DELETE", "DELETE", "POST", "POST", "POST", "GET"]


def test_other_paths_keep_404_final(server):
    FlakyHandler.answers = [(404, b"nope")]
    with pytest.raises(onos.RestError):
        client(server).get("/onos/v1/devices/x")


def test_heap_in_use_from_jstat():
    text = ("S0C    S1C    S0U    S1U      EC       EU        OC         OU       MC     MU\n"
            "0.0   2048.0  0.0   1024.0 30720.0  10240.0  98304.0    40960.0  1.0 1.0\n")
    assert onos.jstat_heap_mib(text) == pytest.approx((1024 + 10240 + 40960) / 1024)
    with pytest.raises(onos.OnosError):
        onos.jstat_heap_mib("S0U\n")


def test_the_live_heap_is_the_total_of_a_live_histogram():
    text = (" num     #instances         #bytes  class name (module)\n"
            "-------------------------------------------------------\n"
            "   1:        262677       41220560  [B (java.base@11.0.13)\n"
            "Total       1981673      131795192\n")
    assert onos.histogram_total_mib(text) == pytest.approx(131795192 / 1024 / 1024)
    with pytest.raises(onos.OnosError):
        onos.histogram_total_mib("   1:  3  4  [B\n")
