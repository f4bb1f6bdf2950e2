"""A Muse / Onyx turn opening on `<|message|>` with no header (hunt p: OpenVINO Model Server's Onyx
tests; the template writes ` to=RECIPIENT` only when the caller names one): for a turn known to be
Muse's (pre-seeded, detected), the token is markup and the answer is the content.  Where nothing
says so, a lone `<|message|>` stays the prose's (tests/test_control_tokens.py: harmony's token too)."""
import pytest

from callsieve import Session
from helpers import check, tools

T = tools("get_weather")
CALL = ('<|start|>assistant to=get_weather<|message|><atem:function_calls>\n<atem:invoke name="get_weather">\n'
        '<atem:parameter name="city">Oslo</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eom|>')


def muse():
    return Session("muse", seeded=True)


@pytest.mark.parametrize("text,content", [
    ("<|message|>It is 12C in Oslo.<|eot|>", "It is 12C in Oslo."),
    ("<|message|>It is 12C in Oslo.", "It is 12C in Oslo."),
    ("<|message|>Send it to=admin please.<|eot|>", "Send it to=admin please."),
])
def test_a_bare_message_token_opens_a_muse_answer(text, content):
    check(text, tools=T, calls=[], content=content, reasoning="", session=muse())


def test_the_answer_then_a_call_message():
    check("<|message|>Checking.<|eom|>" + CALL, tools=T, calls=[("get_weather", {"city": "Oslo"})],
          content="Checking.", session=muse())


@pytest.mark.parametrize("text,session", [
    ("The <|message|> token starts a message.", muse),          # inside prose: no header
    ("<|message|>It is 12C.", lambda: None),                     # nothing says the turn is Muse's
])
def test_elsewhere_the_token_is_the_proses(text, session):
    check(text, tools=T, calls=[], content=text, session=session())
