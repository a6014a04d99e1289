"""Rule sets: presets are read-only; managers and directors copy them and edit the copies."""

import dataclasses
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify

from accounts import permissions
from inputs.bounds import text_clean
from scoring.engine import validate_rulespec
from scoring.models import SPEC_FIELDS, RuleSet, ScorecardVersion

TEXT_FIELDS = ("name", "description", "play_notes")
RULE_FIELDS = tuple(name for name in SPEC_FIELDS if name not in TEXT_FIELDS)
LARGEST = 999  # far beyond any real rule, well inside the database's small integers
NOTES_MAX = 5000  # a rule set's description and table notes
NOT_YOURS = (
    "Only the staff of the leagues and events playing under these rules (before any does, "
    "whoever made the copy) change them: make a copy to change them for yours."
)


def _check_permission(user: Any) -> None:
    if not permissions.can_edit_rule_sets(user):
        raise PermissionDenied("Only league managers and tournament directors edit rule sets.")


def _check_edit_permission(user: Any, rule_set: RuleSet) -> None:
    _check_permission(user)
    if not permissions.can_edit_rule_set(user, rule_set):
        raise PermissionDenied(NOT_YOURS)


def _clean_name(name: str, *, exclude_pk: int | None = None) -> str:
    name = text_clean(
        name,
        label="the name",
        limit=RuleSet._meta.get_field("name").max_length,
        empty="Give the rule set a name.",
        collapse=True,
    )
    clash = RuleSet.objects.filter(name__iexact=name).exclude(pk=exclude_pk)
    if clash.exists():
        raise ValidationError(f"There is already a rule set called '{name}': pick another name.")
    return name


def _free_slug(name: str) -> str:
    base = slugify(name)[:40] or "rule-set"
    slug, n = base, 1
    while RuleSet.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


@transaction.atomic
def ruleset_copy(*, source: RuleSet, user: Any, name: str) -> RuleSet:
    """An editable copy of any rule set (usually a preset), remembering where it came from."""
    _check_permission(user)
    name = _clean_name(name)
    values = {field: getattr(source, field) for field in SPEC_FIELDS}
    try:
        with transaction.atomic():
            return RuleSet.objects.create(
                **values,
                name=name,
                slug=_free_slug(name),
                is_preset=False,
                copied_from=source,
                created_by=user,
            )
    except IntegrityError:  # someone took the name or slug a moment ago
        raise ValidationError(f"There is already a rule set called '{name}'.") from None


def _too_large(fields: dict[str, Any]) -> list[str]:
    return [
        f"'{RuleSet._meta.get_field(field).verbose_name}' is too large (at most {LARGEST})."
        for field, value in fields.items()
        if isinstance(value, int) and not isinstance(value, bool) and value > LARGEST
    ]


@transaction.atomic
def ruleset_update(*, rule_set: RuleSet, user: Any, **fields: Any) -> RuleSet:
    """Change a copy. Refused changes (inconsistent rules, rules of games already scored)
    change nothing and say why. Only those who run every league and event playing under it
    may (`permissions.can_edit_rule_set`)."""
    _check_permission(user)
    unknown = set(fields) - set(SPEC_FIELDS) - set(TEXT_FIELDS)
    if unknown:
        raise TypeError(f"Not rule set fields: {', '.join(sorted(unknown))}")
    rule_set = RuleSet.objects.select_for_update().get(pk=rule_set.pk)
    _check_edit_permission(user, rule_set)
    if rule_set.is_preset:
        raise ValidationError("Presets can't be changed: make a copy and edit the copy.")
    changed = {
        name for name in RULE_FIELDS if name in fields and fields[name] != getattr(rule_set, name)
    }
    if changed:
        scored = (
            ScorecardVersion.objects.filter(scorecard__game__rule_set=rule_set)
            .values("scorecard__game")
            .distinct()
            .count()
        )
        if scored:
            raise ValidationError(
                f"{scored} game(s) already have scorecards under these rules, so the scoring "
                "can't change: make a copy for new games (the name and notes can still change)."
            )
    if "name" in fields:
        fields["name"] = _clean_name(fields["name"], exclude_pk=rule_set.pk)
    for name, label in (
        ("description", "the description"),
        ("play_notes", "the text of the table rules"),
    ):
        if name in fields:
            fields[name] = text_clean(fields[name], label=label, limit=NOTES_MAX, lines=True)
    spec_values = {name: value for name, value in fields.items() if name in SPEC_FIELDS}
    problems = _too_large(spec_values) or validate_rulespec(
        dataclasses.replace(rule_set.to_spec(), **spec_values)
    )
    if problems:
        raise ValidationError(problems)
    for name, value in fields.items():
        setattr(rule_set, name, value)
    rule_set.save()
    return rule_set
