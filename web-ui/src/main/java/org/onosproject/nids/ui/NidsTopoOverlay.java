/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;
import org.onlab.packet.IpAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.host.HostService;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.ui.UiTopoOverlay;
import org.onosproject.ui.topo.ButtonId;
import org.onosproject.ui.topo.PropertyPanel;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The NIDS overlay of the legacy topology view (toolbar button "NIDS incidents"): the highlights come from
 * {@link NidsTopoMessageHandler}; this class adds to the details panel of a selected host its open alerts and a
 * Block or Unblock button, and to a switch's panel its open alerts.
 */
public class NidsTopoOverlay extends UiTopoOverlay {

    /** Must match {@code overlayId} in nidsTopoOverlay.js. */
    static final String OVERLAY_ID = "nids-overlay";
    static final ButtonId BLOCK_BUTTON = new ButtonId("nidsBlock");
    static final ButtonId UNBLOCK_BUTTON = new ButtonId("nidsUnblock");
    /** Alerts listed in a host's panel at most (the newest). */
    static final int MAX_LISTED = 5;

    private final ServiceDirectory directory;

    /** @param directory where the host, alert and block services are looked up (when a panel is drawn) */
    public NidsTopoOverlay(ServiceDirectory directory) {
        super(OVERLAY_ID);
        this.directory = directory;
    }

    @Override
    public void modifyHostDetails(PropertyPanel pp, HostId hostId) {
        Host host = directory.get(HostService.class).getHost(hostId);
        if (host == null) {
            return;
        }
        List<NidsAlert> open = directory.get(NidsAlertService.class).alerts().stream()
                .filter(a -> a.state() == AlertState.OPEN && host.ipAddresses().contains(a.flowKey().clientIp()))
                .sorted(Comparator.comparingLong(NidsAlert::lastSeenMillis).reversed())
                .collect(Collectors.toList());
        pp.addSeparator();
        pp.addProp("nidsOpen", "NIDS open alerts", open.size());
        open.stream().limit(MAX_LISTED).forEach(a -> pp.addProp(
                "nidsAlert" + a.id(), "Alert " + a.id(), a.severity() + " " + a.className() + " "
                        + UiFormat.flow(a.flowKey())));
        Optional<NidsBlock> block = blockOf(host);
        pp.addProp("nidsBlocked", "NIDS blocked", block.map(b -> "yes (block " + b.id() + ")").orElse("no"));
        if (blockService().isPresent()) {
            pp.addButton(block.isPresent() ? UNBLOCK_BUTTON : BLOCK_BUTTON);
        }
    }

    @Override
    public void modifyDeviceDetails(PropertyPanel pp, DeviceId deviceId) {
        long open = directory.get(NidsAlertService.class).alerts().stream()
                .filter(a -> a.state() == AlertState.OPEN && a.deviceReports().containsKey(deviceId)).count();
        pp.addSeparator();
        pp.addProp("nidsOpen", "NIDS open alerts reported", open);
    }

    private Optional<NidsBlock> blockOf(Host host) {
        return blockService().flatMap(blocks -> blocks.blocks().stream()
                .filter(b -> host.ipAddresses().contains((IpAddress) b.src())).findFirst());
    }

    private Optional<NidsBlockService> blockService() {
        try {
            return Optional.of(directory.get(NidsBlockService.class));
        } catch (ServiceNotFoundException e) {
            return Optional.empty();
        }
    }
}
