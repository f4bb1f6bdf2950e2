"""Nested element values in bodies whose parameters are tags named after them (MiniMax-M3's,
formats/_keyed.py; the tool's own tag, tool_tag) are typed by the nested schema, as a
parameter's value is by its own: a string-typed field keeps `true` / `123` as text, an
integer-typed one reads its digits (vLLM's MiniMax-M3 parser tests, hunt n)."""
import pytest

from helpers import check, tools

NS = "]<]minimax[>["
SCHEMA = {"shipping": {"type": "object", "properties": {"city": {"type": "string"}, "zip": {"type": "integer"},
                                                         "code": {"type": "string"}, "fast": {"type": "boolean"}}},
          "tags": {"type": "array", "items": {"type": "string"}},
          "sizes": {"type": "array", "items": {"type": "integer"}},
          "meta": {"type": "object"}}
T = tools(order=SCHEMA)
WANT = {"shipping": {"city": "true", "zip": 18956, "code": "123", "fast": False},
        "tags": ["1", "null"], "sizes": [1, 2], "meta": {"n": 3}}


def body(ns):
    def el(k, inner):
        return f"{ns}<{k}>{inner}{ns}</{k}>"
    shipping = el("shipping", el("city", "true") + el("zip", "18956") + el("code", "123") + el("fast", "false"))
    tags = el("tags", el("item", "1") + el("item", "null"))
    sizes = el("sizes", el("item", "1") + el("item", "2"))
    meta = el("meta", el("n", "3"))
    return shipping + tags + sizes + meta


@pytest.mark.parametrize("wrap", ["m3", "bare_invoke", "tool_tag"])
def test_nested_values_follow_the_nested_schema(wrap):
    if wrap == "m3":
        text = f'{NS}<tool_call>\n{NS}<invoke name="order">{body(NS)}{NS}</invoke>\n{NS}</tool_call>'
    elif wrap == "bare_invoke":
        text = f'Ordering.\n<invoke name="order">{body("")}</invoke>'
    else:
        text = f"Ordering.\n<order>\n{body('')}\n</order>"
    check(text, tools=T, calls=[("order", WANT)], content="" if wrap == "m3" else "Ordering.")


def test_without_a_nested_schema_values_are_json_when_they_are_json():
    text = f'{NS}<tool_call>\n{NS}<invoke name="order">{NS}<meta>{NS}<n>3{NS}</n>{NS}<ok>true{NS}</ok>{NS}</meta>' \
           f'{NS}</invoke>\n{NS}</tool_call>'
    check(text, tools=T, calls=[("order", {"meta": {"n": 3, "ok": True}})], content="")
