"""Muse (Muse Glimmer, "Onyx ATEM"): harmony-like messages addressed by recipient, calls in
`<atem:function_calls>` (docs/syntax.md#muse).

     to=self<|message|>I should look it up.<|eom|><|start|>assistant to=get_weather<|message|>
    <atem:function_calls>
    <atem:invoke name="get_weather">
    <atem:parameter name="city">Paris</atem:parameter>
    </atem:invoke>
    </atem:function_calls>

Sources: the Muse Glimmer chat template (its tool instructions spell the `<atem:…>` block),
SGLang-JAX's MuseGlimmerDetector, and agents' sanitizers of leaked output
(`to=self<|message|>…<|eom|><|start|>assistant to=spawn_subagent<|message|><atem:function_calls>…`).
The prompt ends `<|start|>assistant`, so the output starts with ` to=RECIPIENT<|message|>`:
`to=self` is thinking, `to=user` the answer, any other recipient a tool, whose message is the
call block.  Messages end with `<|eom|>` (the turn with `<|eot|>` or `<|end_of_text|>`); the
next one starts `<|start|>assistant to=…`.  Values are bare text ("lists and objects in JSON"),
typed by the schema as in every XML-like family.  A recipient is read only where a header may
stand: at the start of the content, or after `<|start|>assistant`.

A family of known parts, declared with no code (formats/_parts.py): the Invoke body under the
`atem:` prefix (`dotted`: the model at times swallows the first parameter's tag and glues its
name onto the tool's, `<atem:invoke name="read.filePath">/tmp/a</atem:parameter>`, vllm #51655),
in messages addressed by recipient (Addressed), each message ended by a trailer token.
"""
from ._parts import Addressed, Family, Invoke

START, MESSAGE, CALLS = "<|start|>assistant", "<|message|>", "<atem:function_calls>"
ENDS = ("<|eom|>", "<|eot|>", "<|end_of_text|>", "<|call|>")
INVOKE = Invoke(prefixes=("atem:",), dotted=True)
# <|start|> is harmony's too: `assistant to=NAME<|message|>` is Muse's, `to=functions.NAME` harmony's.
MESSAGES = Addressed(INVOKE, CALLS, START, MESSAGE, ENDS, other="functions.")

MUSE = Family(
    "muse", CALLS, INVOKE, own=True, bodies={"<|start|>": MESSAGES}, start_bodies={"to=": MESSAGES}, trailers=ENDS,
    # a turn opening on the message token with no header (the template writes ` to=` only when the
    # caller names a recipient: OpenVINO's Onyx tests): the answer's, the token markup
    start_specials=(MESSAGE,),
    aliases=("muse_glimmer", "atem"), priority=5, models=("muse*",),
    description="Muse to=NAME<|message|><atem:function_calls> (messages joined by <|eom|>)",
    example=(' to=self<|message|>Look it up.<|eom|><|start|>assistant to=get_weather<|message|>'
             '<atem:function_calls>\n<atem:invoke name="get_weather">\n'
             '<atem:parameter name="city">Paris</atem:parameter>\n</atem:invoke>\n</atem:function_calls>'))
