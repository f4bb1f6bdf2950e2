"""A call object with its arguments written flat beside the name, no arguments member
(`{"name": "write_file", "path": "a.txt", "content": "hi"}`: gpt-oss's forced calls on Workers AI,
cloudflare/ai#574, hunt o): its other members are the arguments when the declared tool has a
parameter of every one of them, as a whole turn, in a block's wrapper and in a fence; typed as
written.  A member the tool does not have, an undeclared name, no declared tools, an arguments
member beside flat ones, or the object quoted in a sentence: no call from the flat members."""
import pytest

from helpers import check, tools

T = tools(write_file={"path": {"type": "string"}, "content": {"type": "string"}, "mode": {"type": "integer"},
                      "tags": {"type": "array"}})
FLAT = [('"path": "a.txt"', {"path": "a.txt"}),
        ('"path": "a.txt", "content": "line 1\\nline 2"', {"path": "a.txt", "content": "line 1\nline 2"}),
        ('"content": "x", "mode": 420, "tags": ["a", "b"]', {"content": "x", "mode": 420, "tags": ["a", "b"]})]
WRAPS = [("{o}", ""), ("<tool_call>\n{o}\n</tool_call>", ""), ("Writing it now.\n\n```json\n{o}\n```", "Writing it now.")]


@pytest.mark.parametrize("members,args", FLAT)
@pytest.mark.parametrize("wrap,content", WRAPS, ids=["whole", "tool_call", "fenced"])
@pytest.mark.parametrize("key", ["name", "tool_name"])
def test_flat_members_are_the_arguments(members, args, wrap, content, key):
    obj = "{" + f'"{key}": "write_file", ' + members + "}"
    check(wrap.format(o=obj), tools=T, calls=[("write_file", args)], content=content)


@pytest.mark.parametrize("obj", [
    '{"name": "write_file", "path": "a.txt", "owner": "root"}',      # a member the tool does not have
    '{"name": "delete_file", "path": "a.txt"}',                       # an undeclared name
    '{"name": "write_file", "path": "a.txt", "arguments": {"content": "x"}}',   # flat and arguments
])
def test_no_call_from_members_the_tool_does_not_have(obj):
    check(obj, tools=T, calls=[], content=obj)


def test_without_declared_tools_a_flat_object_is_text():
    obj = '{"name": "write_file", "path": "a.txt"}'
    check(obj, calls=[], content=obj)


def test_a_flat_object_quoted_in_a_sentence_is_an_example():
    text = 'For example {"name": "write_file", "path": "a.txt"} writes the file.'
    check(text, tools=T, calls=[], content=text)


def test_in_a_block_members_the_tool_does_not_have_are_no_arguments():
    m = check('<tool_call>\n{"name": "write_file", "path": "a.txt", "owner": "root"}\n</tool_call>', tools=T)
    assert all("owner" not in c.arguments and "path" not in c.arguments for c in m.tool_calls)
