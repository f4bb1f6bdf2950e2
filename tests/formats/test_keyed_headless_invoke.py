"""An invoke tag whose `<` was dropped right after the namespace token (`NS invoke name="N">`,
MiniMax-M3 through vllm-gaudi#1724, hunt o) is the invoke it plainly is, where an invoke is
expected in a namespaced block (formats/_keyed.py): in MiniMax-M3's block and in a made-up family
with another token, first or after a whole invoke, prose before; an undeclared name stays text,
and so does `invoke name=` in prose."""
import pytest

from callsieve.formats._parts import Family, Keyed
from helpers import check, tools

T = tools("read_file", "grep")
M3 = "]<]minimax[>["
ACME = "@@acme@@"
ACME_FAMILY = Family("acme_keyed", (ACME + "<calls>",), Keyed(ACME), closer="</calls>")


def block(ns, opener, closer, invokes):
    return f"{ns}{opener}\n" + "\n".join(invokes) + f"\n{ns}{closer}"


def invoke(ns, name, key, value, head="<"):
    return f'{ns}{head}invoke name="{name}">{ns}<{key}>{value}{ns}</{key}>{ns}</invoke>'


CASES = [(M3, "<tool_call>", "</tool_call>", {}), (ACME, "<calls>", "</calls>", {"format": ACME_FAMILY})]


@pytest.mark.parametrize("ns,opener,closer,kw", CASES, ids=["minimax_m3", "made_up"])
@pytest.mark.parametrize("heads", [("",), ("<", ""), ("", "<"), ("", "")])
def test_an_invoke_missing_its_angle_bracket_is_read(ns, opener, closer, kw, heads):
    invokes = [invoke(ns, "read_file", "path", f"f{i}.py", head) for i, head in enumerate(heads)]
    check("Reading both.\n" + block(ns, opener, closer, invokes), tools=T, content="Reading both.",
          calls=[("read_file", {"path": f"f{i}.py"}) for i in range(len(heads))], **kw)


@pytest.mark.parametrize("ns,opener,closer,kw", CASES, ids=["minimax_m3", "made_up"])
def test_an_undeclared_name_stays_text(ns, opener, closer, kw):
    text = block(ns, opener, closer, [invoke(ns, "rm_rf", "path", "/", "")])
    check(text, tools=T, calls=[], content=text, **kw)


def test_invoke_name_in_prose_stays_text():
    text = 'Write invoke name="read_file"> and then the path.'
    check(text, tools=T, calls=[], content=text)
