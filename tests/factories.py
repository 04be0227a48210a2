"""factory-boy builders for the database tests."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournaments.models import (
    WINDS,
    Club,
    Player,
    Registration,
    Round,
    Seat,
    Table,
    Tournament,
)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("secret-pass")


def organiser_account(**fields: object) -> object:
    """An account with the organiser permission (it may create tournaments)."""
    user = UserFactory(**fields)
    user.user_permissions.add(
        Permission.objects.get(
            content_type__app_label="tournaments", codename="add_tournament"
        )
    )
    return user


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    country = "FRA"


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    first_name = factory.Faker("first_name")
    last_name = factory.Sequence(lambda n: f"Player{n}")
    country = "FRA"


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Open {n}")
    slug = factory.Sequence(lambda n: f"open-{n}")
    rounds_count = 4
    is_public = True  # a published event; new ones start private (the model)

    @factory.post_generation
    def rounds(self, create: bool, extracted: object, **kwargs: object) -> None:
        if create:
            Round.objects.bulk_create(
                Round(tournament=self, number=n)
                for n in range(1, self.rounds_count + 1)
            )


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.SubFactory(PlayerFactory)
    number = factory.Sequence(lambda n: n + 1)


def seated_table(tournament: Tournament | None = None, round_number: int = 1) -> Table:
    """A table of four registered players in a seated round."""
    tournament = tournament or TournamentFactory()
    round_ = tournament.rounds.get(number=round_number)
    round_.status = Round.Status.SEATED
    round_.save()
    table = Table.objects.create(round=round_, number=round_.tables.count() + 1)
    for wind in WINDS:
        registration = RegistrationFactory(tournament=tournament)
        Seat.objects.create(
            table=table, round=round_, registration=registration, wind=wind
        )
    return table


def player_ids(table: Table) -> list[int]:
    """The table's players by seat, starting East first."""
    seats = sorted(
        table.seats.select_related("registration"), key=lambda s: WINDS.index(s.wind)
    )
    return [seat.registration.player_id for seat in seats]
