"""GM operation URLs of the scoring app (result entry, semi-final, final)."""

from django.urls import path

from scoring import gm_views, player_views, round_views

_table = "e/<slug:event>/gm/round/<str:round>/table/<int:table>/"

urlpatterns: list = [
    path(
        _table + "results/", gm_views.TableResultsView.as_view(), name="table-results"
    ),
    path(_table + "tie/", gm_views.TableTieView.as_view(), name="table-tie"),
    path("e/<slug:event>/gm/semi/", round_views.SemiView.as_view(), name="semi"),
    path("e/<slug:event>/gm/semi/mark/", round_views.semi_mark, name="semi-mark"),
    path("e/<slug:event>/gm/semi/seat/", round_views.semi_seat, name="semi-seat"),
    path(
        "e/<slug:event>/gm/semi/override/",
        round_views.semi_override,
        name="semi-override",
    ),
    path(
        "e/<slug:event>/gm/semi/publish/", round_views.semi_publish, name="semi-publish"
    ),
    path(
        "e/<slug:event>/gm/semi/replace/", round_views.semi_replace, name="semi-replace"
    ),
    path("e/<slug:event>/gm/final/", round_views.FinalView.as_view(), name="final"),
    path("e/<slug:event>/gm/final/seat/", round_views.final_seat, name="final-seat"),
    path(
        "e/<slug:event>/gm/final/absent/", round_views.final_absent, name="final-absent"
    ),
    path("e/<slug:event>/gm/final/fill/", round_views.final_fill, name="final-fill"),
    path(
        "e/<slug:event>/gm/laurels/", round_views.LaurelsView.as_view(), name="laurels"
    ),
    path(
        "e/<slug:event>/gm/players/",
        player_views.PlayersView.as_view(),
        name="players",
    ),
    path(
        "e/<slug:event>/gm/players/rename/",
        player_views.player_rename,
        name="player-rename",
    ),
    path(
        "e/<slug:event>/gm/players/merge/",
        player_views.player_merge,
        name="player-merge",
    ),
]
