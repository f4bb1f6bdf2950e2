"""Mistral's [TOOL_CALLS] in its three variants (docs/syntax.md#bracket_tool_calls).

  pre-v11: [TOOL_CALLS] [{"name", "arguments", "id"?}, …]
  v11+:    [TOOL_CALLS]NAME{json}            (one marker per call)
  v13:     [TOOL_CALLS]NAME[ARGS]{json}      (optionally NAME[CALL_ID]id[ARGS]{json})
The block ends where its JSON ends (no closing marker), so arrays inside arguments are safe.

Call ids: Mistral's templates want 9 alphanumeric characters.  The model's own id is kept when
it comes before the arguments (the `[CALL_ID]` segment, an "id" key first in a list entry).
Mistral's lists write the "id" after the arguments; waiting for it would hold the whole call
back, so such a call streams at once under a new 9-character id, which the template accepts on
the next turn as well (the client sends it back with the tool's result).

Special tokens stripped upstream: the list variant becomes a bare `[{"name", …}]`, recognised
(bare_json) when it is the first thing in the content; `NAME{json}` (and `NAME{json}` left of
`NAME[ARGS]{json}`) is recognised when it opens the content and NAME is a declared tool.
"""
import re
import secrets
import string

from . import MAYBE, NO, YES, Format
from ._json import View, call_object, call_sequence
from ..reader import Reject, Truncated, peek, startswith, token

_NAME = re.compile(r"[A-Za-z_][\w.\-]*")
_ID = re.compile(r"[A-Za-z0-9_\-]+")
_ALNUM = string.ascii_letters + string.digits
# NAME{json}: JSON follows the brace (Gemma 4's literal `NAME{key:…}` is gemma_special's)
_AFTER_NAME = re.compile(r'\{\s*["}]|\[ARGS\]|\[CALL_ID\]')
_AFTER_NAME_PREFIX = re.compile(r"(?:\{\s*|\[(?:A(?:R(?:G(?:S)?)?)?|C(?:A(?:L(?:L(?:_(?:I(?:D)?)?)?)?)?)?)?)?\Z")


def mistral_id() -> str:
    """A new call id in the shape Mistral's templates accept: 9 alphanumeric characters."""
    return "".join(secrets.choice(_ALNUM) for _ in range(9))


class BracketToolCalls(Format):
    name = "bracket_tool_calls"
    syntax = "json"
    aliases = ("mistral",)
    description = "Mistral [TOOL_CALLS] (JSON list, NAME{json}, NAME[ARGS]{json})"
    openers = ("[TOOL_CALLS]",)
    name_openers = True      # [TOOL_CALLS] stripped: a declared NAME{json} opening the content
    models = ("mistral*", "mixtral*", "ministral*", "magistral*", "devstral*", "codestral*")
    # `</s>` is the tokenizer's end of sequence, kept after a call when special tokens are
    # (zhudotexe/kani's parser strips it): never content.
    specials = ("</s>", "[/TOOL_CALLS]", "[INST]", "[/INST]", "[AVAILABLE_TOOLS]",
                "[/AVAILABLE_TOOLS]", "[SYSTEM_PROMPT]", "[/SYSTEM_PROMPT]")
    spans = (("[TOOL_RESULTS]", "[/TOOL_RESULTS]"),)
    priority = 10
    example = '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}'

    def decide(self, opener, look, eof, ctx):
        if opener == "[TOOL_CALLS]":
            return YES
        if _AFTER_NAME.match(look):                  # a tool's name: its arguments must follow
            return YES
        return MAYBE if not eof and _AFTER_NAME_PREFIX.match(look) else NO

    def parse(self, r, ctx, opener):
        ctx = View(ctx, new_id=mistral_id)
        if opener != "[TOOL_CALLS]":
            r.push_front(opener)
        while (yield from startswith(r, "[TOOL_CALLS]", skip_ws=True)):
            pass                       # the token written twice (`[TOOL_CALLS][TOOL_CALLS]f…`)
        c = yield from peek(r)
        if c in ("[", "{"):
            yield from call_sequence(r, ctx, None)
            return
        m = yield from token(r, _NAME, 256)
        if m is None:
            raise Reject("no call after [TOOL_CALLS]") if c else Truncated("cut off after [TOOL_CALLS]")
        name = ctx.check(m.group())
        cid = None
        if (yield from startswith(r, "[CALL_ID]")):
            idm = yield from token(r, _ID, 64)
            cid = idm.group() if idm else None
        yield from startswith(r, "[ARGS]")
        yield from call_object(r, ctx, name=name, id=cid)
