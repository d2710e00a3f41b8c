/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertEvent;
import org.onosproject.store.Store;

import java.util.Collection;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Alerts shared by every ONOS instance of a cluster, with the index that deduplicates reports. The store tells its
 * delegate about every change, whichever instance made it.
 */
public interface NidsAlertStore extends Store<NidsAlertEvent, NidsAlertStoreDelegate> {

    /**
     * Folds a report into the latest alert of its key if that alert was last seen less than {@code windowMillis}
     * before {@code time}, or raises a new alert. Atomic across the cluster: concurrent reports of one key from
     * several switches end up in one alert.
     *
     * @param key          flow and model
     * @param time         when the report arrived (ms since the epoch)
     * @param windowMillis dedup window
     * @param open         makes the new alert, given its id
     * @param fold         folds the report into the existing alert (may be called more than once on a conflict)
     * @return the alert after the report
     */
    NidsAlert report(AlertKey key, long time, long windowMillis, LongFunction<NidsAlert> open,
                     UnaryOperator<NidsAlert> fold);

    /**
     * @param alertId alert id
     * @return the alert, if stored
     */
    Optional<NidsAlert> alert(long alertId);

    /** @return every stored alert, in no particular order */
    Collection<NidsAlert> alerts();

    /** @return how many alerts are stored */
    int size();

    /**
     * Changes an alert atomically when it needs the change.
     *
     * @param alertId alert id
     * @param needed  whether the stored alert needs the change
     * @param change  the change
     * @return the alert after the change (or unchanged); empty for an unknown alert
     */
    Optional<NidsAlert> update(long alertId, Predicate<NidsAlert> needed, UnaryOperator<NidsAlert> change);

    /**
     * Removes the oldest alerts (by last seen) until at most {@code keep} remain: closed alerts (acknowledged or
     * blocked) first, open ones only when no closed alert is left.
     *
     * @param keep alerts to keep
     * @return the alerts removed
     */
    Collection<NidsAlert> prune(int keep);
}
