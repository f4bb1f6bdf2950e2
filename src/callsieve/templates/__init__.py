"""Reading a model's chat template: above the core, which never imports it.

    from callsieve import Sieve
    from callsieve.templates import load, seed_session
    sieve = Sieve(tools=tools, session=seed_session(load("chat_template.jinja")))

The modules, each using only the others' public names:

  read      the template without rendering it: its text from what servers carry (`load`,
            `chat_template_of`), its special tokens, and the format and thinking it implies
            (`inspect`, following the generation prompt's branch with `evaluate`)
  evaluate  just enough of Jinja's and Go's expressions to follow that branch
  render    rendering as a server does (jinja2, the `template` extra, imported on first use)
  derive    what the renders show: the format that reads the template's calls back, or one
            derived from their markup (formats/_derived.py), and the thinking the prompt opens
  seed      a Session seeded from all that (`seed_session`), and the prompt under a request's
            switches (`prompt_opens`)
"""
from .read import chat_template_of, inspect, load, template_tokens
from .render import TemplateError, available
from .seed import prompt_opens, seed_session

# (not the function `render.render`: its name would hide the module `templates.render`)
__all__ = ["seed_session", "prompt_opens", "load", "chat_template_of", "inspect", "template_tokens",
           "available", "TemplateError"]
