# Run: .venv/bin/python -m pytest testing/tests/test_stack_lock.py
"""The machine-wide stack lock (nidslib.session.exclusive_stack_lock) on a lock file of the test's own."""
import threading
import time

import pytest

from nidslib import onos, session


@pytest.fixture
def lock_file(tmp_path, monkeypatch):
    monkeypatch.setattr(session, "LOCK_FILE", str(tmp_path / "stack.lock"))
    monkeypatch.setattr(session, "LOCK_QUEUE", str(tmp_path / "stack.lock.queue"))
    return tmp_path


def test_waiters_get_the_lock_in_the_order_they_came(lock_file):
    held = session.exclusive_stack_lock(timeout=5)
    order = []

    def waiter(name):
        lock = session.exclusive_stack_lock(timeout=30)
        order.append(name)
        time.sleep(0.3)
        lock.close()

    threads = []
    for name in ("first", "second", "third"):
        threads.append(threading.Thread(target=waiter, args=(name,)))
        threads[-1].start()
        time.sleep(0.2)      # each waiter has taken its ticket before the next comes
    held.close()
    for thread in threads:
        thread.join(timeout=30)
    assert order == ["first", "second", "third"]
    assert list((lock_file / "stack.lock.queue").iterdir()) == []


def test_a_ticket_left_by_a_dead_process_does_not_block(lock_file):
    queue = lock_file / "stack.lock.queue"
    queue.mkdir()
    stale = queue / "00000000000000000001-999999999-1"
    stale.touch()
    session.exclusive_stack_lock(timeout=5).close()
    assert not stale.exists()


def test_waiting_is_bounded(lock_file):
    held = session.exclusive_stack_lock(timeout=5)
    try:
        with pytest.raises(onos.OnosError, match="held"):
            session.exclusive_stack_lock(timeout=1.5)
    finally:
        held.close()


def test_logged_since_reads_only_what_was_appended_after_the_offset(tmp_path):
    log = tmp_path / "onos.out"
    log.write_bytes(b"09:00 ERROR [Bmv2DriversLoader] Unable to load /bmv2-drivers.xml driver definitions\n")
    offset = log.stat().st_size
    assert not session.logged_since(str(log), offset, session.BMV2_DRIVERS_FAILED)
    with open(log, "ab") as f:
        f.write(b"13:41 ERROR [Bmv2DriversLoader] Unable to load /bmv2-drivers.xml driver definitions\n")
    assert session.logged_since(str(log), offset, session.BMV2_DRIVERS_FAILED)
    assert not session.logged_since(str(tmp_path / "missing.out"), 0, session.BMV2_DRIVERS_FAILED)
