"""Headless Debian Chromium through Playwright (it downloads no browser of its own), logged in to the ONOS GUI.

The GUI test (itest/suites/test_gui.py) and the demo's screenshot (`make run`) both open the GUI through `onos_gui`.
"""
import contextlib
import importlib.util
import os
import shutil
import tempfile

from . import onos

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
GUI = onos.DEFAULT_URL + "/onos/ui"
VIEWPORT = {"width": 1600, "height": 900}
WAIT_MS = 30_000           # any one browser wait
LAUNCH_MS = 60_000


def missing():
    """None when the browser can run here, else why not."""
    if not os.access(CHROMIUM, os.X_OK):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "the Python package playwright is not installed (pip install playwright; its browsers are not needed)"
    return None


def login(page, user=onos.USER, password=onos.PASSWORD):
    page.goto(f"{GUI}/login.html")
    page.fill("#username", user)
    page.fill("#password", password)
    page.click("#submit")
    page.wait_for_url(lambda url: "login.html" not in url and "j_security_check" not in url)
    # The legacy GUI is up once its masthead and nav are drawn.
    page.wait_for_selector("#mast", state="attached")


def open_view(page, view_id, root_selector):
    page.goto(f"{GUI}/index.html#/{view_id}")
    page.wait_for_selector(root_selector)


@contextlib.contextmanager
def onos_gui(profile_prefix="nids-chromium-", user=onos.USER, password=onos.PASSWORD):
    """A page logged in to the ONOS GUI (as onos/rocks unless told); the browser is closed and its profile removed on
    every exit path."""
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix=profile_prefix)
    pw = sync_playwright().start()
    context = None
    try:
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=FLAGS,
                                                        viewport=VIEWPORT, timeout=LAUNCH_MS)
        context.set_default_timeout(WAIT_MS)
        context.set_default_navigation_timeout(WAIT_MS)
        page = context.pages[0] if context.pages else context.new_page()
        login(page, user, password)
        yield page
    finally:
        try:
            if context is not None:
                context.close()
        finally:
            pw.stop()
            shutil.rmtree(profile, ignore_errors=True)
