/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.incident;

import org.easymock.EasyMock;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cluster.ClusterServiceAdapter;
import org.onosproject.cluster.LeadershipServiceAdapter;
import org.onosproject.cluster.NodeId;
import org.onosproject.net.NetTestTools;
import org.onosproject.net.host.HostService;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.impl.AtomixLikeStorageService;
import org.onosproject.nids.impl.alert.SyncEventDispatcher;
import org.onosproject.nids.impl.block.NidsBlockStoreAdapter;
import org.osgi.service.component.ComponentContext;

import java.util.function.LongSupplier;
import java.util.function.Supplier;

/** A real incident manager over the distributed store on ONOS's test storage, for other components' tests. */
public final class TestIncidents {

    private TestIncidents() {
    }

    /**
     * @param alerts  the alert service (evidence alerts go there)
     * @param hosts   ONOS's host locations
     * @param edges   ONOS's edge ports (the network config names none)
     * @param clock   the controller clock, ms
     * @param context the component properties
     * @return the manager, activated, its events delivered synchronously
     */
    public static NidsIncidentManager start(NidsAlertService alerts, HostService hosts, EdgePortService edges,
                                            LongSupplier clock, ComponentContext context) {
        ClusterServiceAdapter cluster = new ClusterServiceAdapter();
        return start(alerts, hosts, edges, clock, context, () -> cluster.getLocalNode().id());
    }

    /**
     * @param alerts      the alert service (evidence alerts go there)
     * @param hosts       ONOS's host locations
     * @param edges       ONOS's edge ports (the network config names none)
     * @param clock       the controller clock, ms
     * @param context     the component properties
     * @param sweepLeader the instance that leads the idle sweep (this one is ClusterServiceAdapter's local node)
     * @return the manager, activated, its events delivered synchronously
     */
    public static NidsIncidentManager start(NidsAlertService alerts, HostService hosts, EdgePortService edges,
                                            LongSupplier clock, ComponentContext context,
                                            Supplier<NodeId> sweepLeader) {
        DistributedNidsIncidentStore store = new DistributedNidsIncidentStore();
        AtomixLikeStorageService storage = new AtomixLikeStorageService();
        storage.roundTripMicros = 0;
        store.storageService = storage;
        store.activate();
        NidsIncidentManager manager = new NidsIncidentManager();
        manager.store = store;
        manager.blockStore = new NidsBlockStoreAdapter();
        manager.alertService = alerts;
        manager.hostService = hosts;
        manager.edgePortService = edges;
        manager.networkConfigService = EasyMock.createNiceMock(NetworkConfigService.class);
        EasyMock.replay(manager.networkConfigService);
        manager.componentConfigService = new ComponentConfigAdapter();
        manager.clock = clock;
        manager.clusterService = new ClusterServiceAdapter();
        manager.leadershipService = new LeadershipServiceAdapter() {
            @Override
            public NodeId getLeader(String path) {
                return NidsIncidentManager.SWEEP_TOPIC.equals(path) ? sweepLeader.get() : null;
            }
        };
        NetTestTools.injectEventDispatcher(manager, new SyncEventDispatcher());
        manager.activate(context);
        return manager;
    }

    /**
     * @param manager a manager {@link #start} made
     */
    public static void stop(NidsIncidentManager manager) {
        manager.deactivate();
        ((DistributedNidsIncidentStore) manager.store).deactivate();
    }
}
