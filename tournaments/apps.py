from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Imported here: the registries and the URL names need the apps loaded.
        from django.urls import reverse
        from django.utils.translation import gettext

        from tournaments.extensions import ExtraLink, register_link
        from tournaments.models import SignupOptions

        register_link(
            ExtraLink(
                key="tournaments.signups-staff",
                place="staff",
                label=lambda: gettext("Registrations"),
                url=lambda t: reverse("staff:signups", kwargs={"slug": t.slug}),
                applies=lambda t: True,
            )
        )
        register_link(
            ExtraLink(
                key="tournaments.signup",
                place="public",
                label=lambda: gettext("Register"),
                url=lambda t: reverse("public:signup", kwargs={"slug": t.slug}),
                applies=lambda t: SignupOptions.objects.filter(tournament=t).exists(),
            )
        )
