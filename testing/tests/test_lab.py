"""Unit tests of the lab's pure parts: the seeded plan, the recipes' commands, the labels file."""
import random

import pytest

from nidslib.lab import labels as labels_mod
from nidslib.lab import plan as plan_mod
from nidslib.lab import recipes

HOSTS = [f"h{i}" for i in range(1, 9)]


def context(plan, tmp_path):
    ips = {h: f"10.0.0.{i}" for i, h in enumerate(HOSTS, start=1)}
    macs = {h: f"00:00:00:00:00:{i:02x}" for i, h in enumerate(HOSTS, start=1)}
    upload = tmp_path / "upload0.bin"
    upload.write_bytes(b"x" * 1000)
    words = tmp_path / "words.txt"
    words.write_text("a\nb\n")
    return recipes.Context(ips=ips, macs=macs, servers=plan.servers, work_dir=str(tmp_path),
                           ssh_key=str(tmp_path / "key"), upload_files=[str(upload)], wordlists={"w2": str(words)})


def test_the_same_seed_gives_the_same_plan_and_another_seed_another():
    a, again, b = plan_mod.make_plan(1, HOSTS), plan_mod.make_plan(1, HOSTS), plan_mod.make_plan(2, HOSTS)
    assert a == again
    assert (a.servers, a.attackers, [s.at for s in a.attacks]) != (b.servers, b.attackers, [s.at for s in b.attacks])


def test_roles_are_disjoint_and_every_attack_kind_is_played():
    for seed in range(20):
        plan = plan_mod.make_plan(seed, HOSTS, attack_rounds=2)
        servers, clients, attackers = set(plan.servers), set(plan.clients), set(plan.attackers)
        assert len(servers) == 2 and attackers and clients
        assert not (servers & clients or servers & attackers or clients & attackers)
        assert servers | clients | attackers == set(HOSTS)
        kinds = [s.kind for s in plan.attacks]
        assert sorted(kinds) == sorted(list(plan_mod.ATTACK_KINDS) * 2)
        assert all(s.host in attackers for s in plan.attacks)
        assert plan.duration >= max(s.at + s.budget for s in plan.attacks)


def test_one_attacker_never_runs_two_attacks_at_once():
    for seed in range(20):
        plan = plan_mod.make_plan(seed, HOSTS, attack_rounds=2)
        for attacker in plan.attackers:
            slots = sorted((s for s in plan.attacks if s.host == attacker), key=lambda s: s.at)
            for first, second in zip(slots, slots[1:]):
                assert first.at + first.budget < second.at


def test_service_ports_vary_between_seeds_and_never_collide():
    seen = set()
    for seed in range(30):
        for services in plan_mod.make_plan(seed, HOSTS).servers.values():
            ports = services.tcp_ports()
            assert len(set(ports)) == len(ports)
            seen.add(services.http)
    assert len(seen) >= 4


def test_a_lab_needs_room_for_its_roles():
    with pytest.raises(ValueError):
        plan_mod.make_plan(1, HOSTS[:3])
    with pytest.raises(ValueError):
        plan_mod.make_plan(1, HOSTS, kinds=["teardrop"])


def test_every_recipe_gives_a_bounded_command(tmp_path):
    plan = plan_mod.make_plan(3, HOSTS)
    ctx = context(plan, tmp_path)
    server = sorted(plan.servers)[0]
    client = plan.clients[0]
    for seed in range(15):
        rng = random.Random(seed)
        for name, recipe in recipes.BENIGN.items():
            step = recipe(ctx, rng, client, server)
            assert step.args and 0 < step.timeout <= 120, name
        for kind, recipe in recipes.ATTACKS.items():
            step = recipe(ctx, rng, plan.attackers[0], server, plan_mod.ATTACK_BUDGET[kind])
            assert step.args and 0 < step.timeout <= plan_mod.ATTACK_BUDGET[kind], kind
            assert step.tool and step.params


def test_attacks_draw_several_tools_per_kind(tmp_path):
    plan = plan_mod.make_plan(3, HOSTS)
    ctx = context(plan, tmp_path)
    server = sorted(plan.servers)[0]
    for kind, recipe in recipes.ATTACKS.items():
        tools = {recipe(ctx, random.Random(seed), plan.attackers[0], server, 20).tool for seed in range(40)}
        params = {recipe(ctx, random.Random(seed), plan.attackers[0], server, 20).params for seed in range(40)}
        assert len(params) >= 10, kind
        if kind != "slow-http":
            assert len(tools) >= 2, kind


def test_floods_stay_within_their_rate_bound(tmp_path):
    plan = plan_mod.make_plan(3, HOSTS)
    ctx = context(plan, tmp_path)
    for seed in range(40):
        step = recipes.icmp_flood(ctx, random.Random(seed), "h1", sorted(plan.servers)[0], 12)
        assert "-f" not in step.args  # ping -f sends as fast as replies come back


def test_labels_round_trip_and_cover_by_source_and_time(tmp_path):
    windows = [labels_mod.Window("10.0.0.3", 100.5, 110.25, "Scan", "syn-scan", "nmap", "10.0.0.2",
                                 "-sS -p 1-100,443"),
               labels_mod.Window("10.0.0.4", 105.0, 106.0, "Flood", "udp-flood", "hping3", "10.0.0.2", "")]
    path = tmp_path / "labels.csv"
    labels_mod.write(path, windows)
    assert labels_mod.read(path) == windows
    assert labels_mod.label_of(windows, "10.0.0.3", 100.5).attack == "syn-scan"
    assert labels_mod.label_of(windows, "10.0.0.3", 110.3) is None
    assert labels_mod.label_of(windows, "10.0.0.2", 105.5) is None
