"""The inspector in a real browser: headless Chromium (Debian's) follows the page live while a request
goes through the proxy, opens the exchange and reads its spans, the client's view and the replay.

`CALLSIEVE_SCREENSHOT=docs/inspector.png python -m pytest tests/serve/test_serve_inspect_browser.py`
also writes the screenshot in docs/ (docs/inspector-screenshot.sh does that).
"""
from __future__ import annotations

import os

import httpx
import pytest
import webdriver
from conftest import chunk
from test_serve_scripted import TOOLS, split

why = webdriver.available()
if why and os.environ.get("CI"):
    pytest.fail(f"CI runs the browser test: {why}", pytrace=False)
pytestmark = pytest.mark.skipif(why is not None, reason=why or "")

CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
CUT = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Lon'
TEXT = "<think>The user wants the weather in two cities.</think>Let me check both cities.\n" + CALL + "\n" + CUT


@pytest.fixture()
def browser():
    b = webdriver.Browser()
    yield b
    b.close()


def test_the_page_shows_the_exchange_live_with_its_spans(browser, upstream, proxy):
    root = proxy.removesuffix("/v1")
    browser.go(root + "/inspect")
    live = browser.wait_for("#live")[0]
    for _ in range(100):    # the page's EventSource is connected before the request
        if browser.text(live) == "live":
            break
        browser.wait_for("#never", timeout=0.05)
    assert browser.text(live) == "live"
    before = len(browser.find_all("#rows tr[id^=x]"))

    upstream.stream([chunk(role="assistant", content="")] + [chunk(p) for p in split(TEXT)] + [chunk(finish="length")])
    with httpx.Client(timeout=30) as c:
        r = c.post(proxy + "/chat/completions", json={"model": "qwen2.5-7b-instruct", "stream": True, "tools": TOOLS,
                                                      "messages": [{"role": "user", "content": "weather?"}]})
    assert r.status_code == 200

    rows = browser.wait_for("#rows tr[id^=x]", before + 1)   # arrived by the live view, no reload
    assert len(rows) == before + 1
    first_row = "const r = document.querySelector('#rows tr[id^=x]'); return r ? r.textContent : ''"
    for _ in range(200):    # the row is replaced as the exchange goes on: until it says how it ended
        row = browser.script(first_row)
        if "200" in row:
            break
        browser.wait_for("#never", timeout=0.05)
    assert "chat" in row and "tool_call_tag (" in row and "length" not in row
    browser.click(browser.find_all("#rows tr[id^=x] a")[0])

    spans = browser.wait_for("#spans span")
    kinds = {browser.attr(s, "data-kind") for s in spans}
    assert {"reasoning", "content", "call", "refused", "markup"} <= kinds
    call = browser.find_all("#spans .s-call")[0]
    assert '"city": "Paris"' in browser.text(call)
    assert "get_weather" in browser.attr(call, "title")
    refused = browser.find_all("#spans .s-refused")[0]
    assert "cut off" in browser.attr(refused, "title")
    # the spans are the raw text, whole
    assert browser.script("return document.getElementById('spans').textContent") == TEXT
    # beside it, what the client got
    answer = browser.text(browser.find_all("#answer")[0])
    assert '"name": "get_weather"' in answer and "Lon" not in answer
    # the replay steps through the chunks
    assert browser.text(browser.find_all("#replay-pos")[0]).startswith("1 / ")
    browser.click(browser.find_all("#next")[0])
    assert browser.text(browser.find_all("#replay-pos")[0]).startswith("2 / ")

    shot = os.environ.get("CALLSIEVE_SCREENSHOT")
    if shot:
        browser.script("document.activeElement.blur(); window.scrollTo(0, 0)")
        browser.screenshot(shot)
