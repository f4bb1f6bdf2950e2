"""Gemma 4: <|tool_call>call:NAME{key:<|"|>text<|"|>,n:4}<tool_call|> (docs/syntax.md#gemma_special).

The body is Gemma's literal syntax (formats/_literal.py), re-encoded to JSON as it streams.
`<|tool_call|>` is a drift spelling Gemma sometimes writes (also with `call:NAME({json})`);
Granite 3.x writes the same string before a JSON list, so for that spelling this format only
claims the block when `call:` follows.

`call:NAME{…}` opening the content without the `<|tool_call>` token is the call too, for a
declared tool: Gemma 4 goes straight from its closed thought channel (`<channel|>call:bash{…}`)
into the call, and a server that strips special tokens leaves the same text.  No prose opens
an answer with `call:` glued to a tool's name and its arguments.  A declared tool's name opening
the content before a literal (`get_weather{city:<|"|>Paris<|"|>}`: all of `<|tool_call>call:`
left out) is the call too; before JSON it is Mistral's `NAME{json}`.  After prose, `call:` at
the start of a line (`I will build it.\ncall:bash{…}`) is the call only if it ends the turn, like
a bare JSON call after prose (Format.examples).
"""
import re

from . import MAYBE, NO, YES, Format, declared
from ._literal import literal_call

DRIFT = "<|tool_call|>"
_CALL = re.compile(r"\s*call:")
_CALL_PREFIX = re.compile(r"\s*(?:c(?:a(?:l(?:l)?)?)?)?\Z")
BARE = "call:"
LINE = "\ncall:"                  # after prose, at the start of a line
_BARE_CALL = re.compile(r"([A-Za-z_][\w.\-]*)\s*[{(]")
_BARE_PREFIX = re.compile(r"[A-Za-z_][\w.\-]{0,255}\s*\Z")
_LITERAL = re.compile(r'\s*\{\s*(?:<\|"\|>|[A-Za-z_]\w*\s*:)')
_LITERAL_PREFIX = re.compile(r'\s*(?:\{\s*(?:<(?:\|(?:"(?:\|)?)?)?|[A-Za-z_]\w*\s*)?)?\Z')


class GemmaSpecial(Format):
    name = "gemma_special"
    syntax = "literal"
    aliases = ("gemma4", "gemma")
    description = "Gemma 4 special tokens with its literal syntax"
    openers = ("<|tool_call>", DRIFT)
    start_openers = (BARE,)       # the token left out or stripped: a declared tool's call opening the content
    name_openers = True           # all of `<|tool_call>call:` left out: a declared NAME{literal}
    tool_openers = (LINE,)
    examples = True               # `call:` after prose: the call only if it ends the turn
    closer = "<tool_call|>"
    models = ("gemma-4*", "gemma4*", "gemma*")
    specials = ("<tool_call|>", "<|channel>", "<|turn>", "<turn|>", '<|"|>', "<|tool>", "<tool|>")
    spans = (("<|tool_response>", "<tool_response|>"),)
    priority = 10
    example = '<|tool_call>call:book_table{name:<|"|>Ana<|"|>,party:4}<tool_call|>'

    def decide(self, opener, look, eof, ctx):
        if opener in (BARE, LINE):
            m = _BARE_CALL.match(look)
            if m is not None:
                return YES if declared(ctx, m.group(1)) else NO
            return MAYBE if not eof and (not look or _BARE_PREFIX.match(look)) else NO
        if opener not in self.openers:          # a declared tool's name
            if _LITERAL.match(look):
                return YES
            return MAYBE if not eof and _LITERAL_PREFIX.match(look) else NO
        if opener != DRIFT or _CALL.match(look):
            return YES
        return MAYBE if not eof and _CALL_PREFIX.match(look) else NO

    def parse(self, r, ctx, opener):
        if opener not in self.openers:          # `call:` or a declared name: part of the call
            r.push_front(opener.lstrip("\n"))
        yield from literal_call(r, ctx, '<|"|>', self.closer)
