"""Print a progressive rotation: `manage.py rotation --players 28 --rounds 8 --format json`."""

import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.rotation import SIT_OUT_RULES, generate_rotation, rotation_to_dict


class Command(BaseCommand):
    help = "Draw a progressive euchre rotation for players numbered 1..N and print it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, required=True, help="Number of players.")
        parser.add_argument("--rounds", type=int, required=True, help="Rounds to play.")
        parser.add_argument("--seed", type=int, default=0, help="The same seed, the same draw.")
        parser.add_argument("--format", choices=["json", "text"], default="text")
        parser.add_argument(
            "--sit-out-rule", choices=list(SIT_OUT_RULES), default="sit_out", dest="sit_out_rule"
        )

    def handle(self, *args, **options) -> None:
        players, rounds = options["players"], options["rounds"]
        if not 4 <= players <= 1000:
            raise CommandError("--players must be between 4 and 1000.")
        if not 1 <= rounds <= 100:
            raise CommandError("--rounds must be between 1 and 100.")
        try:
            drawn = generate_rotation(
                players, rounds, seed=options["seed"], sit_out_rule=options["sit_out_rule"]
            )
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        data = rotation_to_dict(players, drawn)
        if options["format"] == "json":
            self.stdout.write(json.dumps(data))
            return
        for rnd in data["rounds"]:
            self.stdout.write(f"Round {rnd['number']}")
            for table in rnd["tables"]:
                ns = " & ".join(str(p) for p in table["ns"])
                ew = " & ".join(str(p) for p in table["ew"])
                self.stdout.write(f"  Table {table['number']:>2}: {ns:>9}  v  {ew}")
            if rnd["sitting_out"]:
                self.stdout.write("  Sitting out: " + ", ".join(map(str, rnd["sitting_out"])))
        quality = ", ".join(f"{key} {value}" for key, value in data["quality"].items())
        self.stdout.write(f"Quality: {quality}")
