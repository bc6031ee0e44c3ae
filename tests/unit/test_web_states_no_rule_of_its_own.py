"""No template and no module of scorekeeper/web states a rule number or names an edition of its own.

Rule numbers (13 rounds, 15 boxes, 25/30/40/50 fixed scores, 35/50 bonus at 63, +100, 374 maximum)
come from the game's ruleset; so do box and edition names. A template is read whole (its Jinja
comments dropped); a module's strings and integers are read, not its docstrings or comments.
What is a number but not a rule (a rate limit, a layout width) is allowed by name below.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
WEB_MODULES = sorted((ROOT / "scorekeeper" / "web").rglob("*.py"))

RULE_NUMBERS = (13, 15, 25, 30, 35, 40, 50, 63, 100, 374)
# A rule number standing alone: not part of a word, a version, a CSS value (30px, 50%), an id or a colour.
RULE_NUMBER = re.compile(r"(?<![\w.#-])(" + "|".join(map(str, RULE_NUMBERS)) + r")(?![\w.%-])")
EDITION_NAME = re.compile(r"yahtzee|yatzy|hasbro", re.I)
ENGINE_NAMES = re.compile(r"\byahtzee_bonus(_count)?\b")  # the engine's name of the extra-bonus figure
JINJA_COMMENT = re.compile(r"\{#.*?#\}", re.S)

# Every legitimate use, with why. Keys: (path from the repository root, what is allowed).
ALLOWED_TEMPLATE_TEXT: set[tuple[str, str]] = set()  # no template may name an edition
ALLOWED_MODULE_NUMBERS: set[tuple[str, str]] = {
    ("scorekeeper/web/infra/limits.py", "30 per minute; 300 per hour"),  # a rate limit
    ("scorekeeper/web/viewmodels/coach_chart.py", "_STEPS"),  # the chart's axis steps
    ("scorekeeper/web/viewmodels/sheet_model.py", "LONG_TITLE"),  # characters per heading line
    ("scorekeeper/web/views/play.py", "MAX_BOX"),  # a form value's length limit
    ("scorekeeper/web/views/errors.py", "RETRY_FAULT_S"),  # seconds before retrying a faulty database
}


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def template_findings(
    path: str, text: str, allowed: set[tuple[str, str]] = ALLOWED_TEMPLATE_TEXT
) -> list[str]:
    """Rule numbers and edition names a template states itself, less the allowed ones."""
    text = JINJA_COMMENT.sub("", text)
    for allowed_path, words in allowed:
        if allowed_path == path:
            text = text.replace(words, "")
    text = ENGINE_NAMES.sub("", text)
    found = [
        f"number {m.group(0)} in …{text[max(m.start() - 30, 0) : m.end() + 30]!r}…"
        for m in RULE_NUMBER.finditer(text)
    ]
    found += [
        f"edition name {m.group(0)!r} in …{text[max(m.start() - 30, 0) : m.end() + 30]!r}…"
        for m in EDITION_NAME.finditer(text)
    ]
    return found


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the Constant nodes that are docstrings (a statement of only a string)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def _assigned_name(node: ast.AST, parents: dict[int, ast.AST]) -> str:
    """The name the nearest enclosing assignment binds ("" if none)."""
    while id(node) in parents:
        node = parents[id(node)]
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            return next((t.id for t in targets if isinstance(t, ast.Name)), "")
    return ""


def module_findings(
    path: str, source: str, allowed: set[tuple[str, str]] = ALLOWED_MODULE_NUMBERS
) -> list[str]:
    """Rule numbers (in strings and integers) and edition names (in strings) a module states itself."""
    tree = ast.parse(source)
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or id(node) in docstrings:
            continue
        value = node.value
        if isinstance(value, str) and (path, value) not in allowed:
            words = ENGINE_NAMES.sub("", value)
            if RULE_NUMBER.search(words) or EDITION_NAME.search(words):
                found.append(f"line {node.lineno}: {value!r}")
        elif type(value) is int and value in RULE_NUMBERS:  # an int, not a bool
            name = _assigned_name(node, parents)
            found += [] if (path, name) in allowed else [f"line {node.lineno}: {value} ({name or 'no name'})"]
    return found


@pytest.mark.parametrize("path", TEMPLATES, ids=relative)
def test_no_template_states_a_rule_number_or_names_an_edition(path):
    assert template_findings(relative(path), path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", WEB_MODULES, ids=relative)
def test_no_web_module_states_a_rule_number_or_names_an_edition(path):
    assert module_findings(relative(path), path.read_text(encoding="utf-8")) == []


def test_every_template_and_web_module_is_checked():
    assert len(TEMPLATES) >= 25 and len(WEB_MODULES) >= 20
    names = {relative(p) for p in TEMPLATES + WEB_MODULES}
    assert {
        "templates/games/_sheet.html",
        "templates/home.html",
        "scorekeeper/web/viewmodels/presenters.py",
    } <= names
    for path, _ in ALLOWED_TEMPLATE_TEXT | ALLOWED_MODULE_NUMBERS:  # no stale allowance
        assert path in names, path


def test_every_allowance_is_still_needed():
    """Without any one allowance its file fails the check: the list stays small and true."""
    for entry in ALLOWED_TEMPLATE_TEXT:
        path = entry[0]
        text = (ROOT / path).read_text(encoding="utf-8")
        assert template_findings(path, text, ALLOWED_TEMPLATE_TEXT - {entry}), entry
    for entry in ALLOWED_MODULE_NUMBERS:
        path = entry[0]
        source = (ROOT / path).read_text(encoding="utf-8")
        assert module_findings(path, source, ALLOWED_MODULE_NUMBERS - {entry}), entry


@pytest.mark.parametrize(
    "text",
    [
        '<p>{{ _("Bonus: 35 points at 63") }}</p>',
        "<abbr title=\"{{ _('13 rounds') }}\">",
        "<td>+100</td>",
        '<th>{{ _("Yahtzee") }}</th>',
        "<small>Yatzy block</small>",
        "<p>max 374</p>",
    ],
)
def test_the_template_check_finds_a_rule_stated_in_a_template(text):
    assert template_findings("templates/example.html", text)


@pytest.mark.parametrize(
    "text",
    [
        '<td style-free class="w-30">',
        "{# 13 rounds, said in a comment #}",
        "{{ card.yahtzee_bonus }}",
        '<svg viewBox="0 0 320 200">',
        "<p>{{ rules.rounds }} rounds</p>",
        "width: 30px; height: 50%",
    ],
)
def test_the_template_check_lets_pass_what_is_no_rule(text):
    assert template_findings("templates/example.html", text) == []


@pytest.mark.parametrize(
    "source",
    [
        'MESSAGE = gettext("%(points)d points once the upper section reaches 63")',
        "UPPER_BONUS = 35",
        "if card.upper_subtotal >= 63: pass",
        'label = "Yatzy"',
        'title = _("Yahtzee bonus")',
    ],
)
def test_the_module_check_finds_a_rule_stated_in_code(source):
    assert module_findings("scorekeeper/web/example.py", source)


def test_the_module_check_ignores_docstrings_comments_and_the_engines_names():
    source = (
        '"""Round 4 of 13, a Yahtzee."""\n# 35 at 63\n'
        'x = card.yahtzee_bonus\ny = "yahtzee_bonus"\nMAX = 200\n'
    )
    assert module_findings("scorekeeper/web/example.py", source) == []
