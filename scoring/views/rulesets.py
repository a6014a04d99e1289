"""Rule set pages: presets and copies; staff copy a preset and edit the copy."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts import permissions
from scoring import services
from scoring.forms import CopyRuleSetForm, RuleSetForm
from scoring.models import RuleSet
from scoring.services.rulesets import NOT_YOURS, RULE_FIELDS
from scoring.tables import RuleSetTable

editors_only = permissions.require(permissions.can_edit_rule_sets)


def ruleset_list(request: HttpRequest) -> HttpResponse:
    table = RuleSetTable(RuleSet.objects.select_related("copied_from"))
    return render(request, "scoring/ruleset_list.html", {"table": table})


def _points_table(rule_set: RuleSet) -> list[tuple[str, str]]:
    r = rule_set
    rows = [
        ("Makers take 3 or 4 tricks", r.make_points),
        ("Makers take all 5 (march)", r.march_points),
        ("Makers euchred (to the defenders)", r.euchre_points),
        ("Lone hand takes 3 or 4 tricks", r.lone_make_points),
        ("Lone hand takes all 5", r.lone_march_points),
        ("Loner euchred (to the defenders)", r.lone_euchre_points),
    ]
    if r.scoring_mode == RuleSet.ScoringMode.INDIVIDUAL:
        rows.append(("Partner of a loner who takes all 5", r.loner_partner_points))
    if r.renege_mode == RuleSet.RenegeMode.FIXED:
        rows += [
            ("Renege (to the other side)", r.renege_points),
            ("Renege on a lone hand (to the other side)", r.lone_renege_points),
        ]
    else:
        rows.append(("Renege", "the other side gets the full points it could have earned"))
    if r.false_renege_claim_penalty:
        rows.append(("Unproven renege claim", f"−{r.false_renege_claim_penalty} to the claimant"))
    return [(label, str(value)) for label, value in rows]


def ruleset_detail(request: HttpRequest, slug: str) -> HttpResponse:
    rule_set = get_object_or_404(RuleSet.objects.select_related("copied_from"), slug=slug)
    may_edit = permissions.can_edit_rule_sets(request.user)
    may_change = not rule_set.is_preset and permissions.can_edit_rule_set(request.user, rule_set)
    return render(
        request,
        "scoring/ruleset_detail.html",
        {
            "rule_set": rule_set,
            "points": _points_table(rule_set),
            "may_edit": may_edit,
            "may_change": may_change,
            "copy_form": CopyRuleSetForm(initial={"name": f"{rule_set.name} (house rules)"}),
        },
    )


@require_POST
@editors_only
def ruleset_copy_view(request: HttpRequest, slug: str) -> HttpResponse:
    source = get_object_or_404(RuleSet, slug=slug)
    form = CopyRuleSetForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError("Give the copy a name of at most 80 characters.")
        copy = services.ruleset_copy(
            source=source, user=request.user, name=form.cleaned_data["name"]
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("scoring:ruleset_detail", slug=source.slug)
    messages.success(request, f"Copied. Now edit '{copy.name}' to suit your house rules.")
    return redirect("scoring:ruleset_edit", slug=copy.slug)


@editors_only
def ruleset_edit(request: HttpRequest, slug: str) -> HttpResponse:
    rule_set = get_object_or_404(RuleSet, slug=slug)
    if rule_set.is_preset:
        messages.info(request, "Presets stay as shipped: make a copy to change the rules.")
        return redirect("scoring:ruleset_detail", slug=rule_set.slug)
    permissions.deny_unless(
        permissions.can_edit_rule_set(request.user, rule_set),
        NOT_YOURS,
    )
    fields = ["name", *RULE_FIELDS, "description", "play_notes"]
    initial = {name: getattr(rule_set, name) for name in fields}
    form = RuleSetForm(request.POST or None, initial=initial)
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            services.ruleset_update(rule_set=rule_set, user=request.user, **form.cleaned_data)
        except ValidationError as exc:
            problems = exc.messages
        else:
            messages.success(request, f"'{form.cleaned_data['name']}' saved.")
            return redirect("scoring:ruleset_detail", slug=rule_set.slug)
    return render(
        request,
        "scoring/ruleset_form.html",
        {"rule_set": rule_set, "form": form, "problems": problems},
    )
