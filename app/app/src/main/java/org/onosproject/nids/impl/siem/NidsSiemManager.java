/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cfg.ConfigProperty;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.NodeId;
import org.onosproject.nids.api.NidsAlertEvent;
import org.onosproject.nids.api.NidsAlertListener;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockEvent;
import org.onosproject.nids.api.NidsBlockListener;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsSiemService;
import org.onosproject.nids.api.SiemExportStats;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongSupplier;

import static org.onosproject.nids.impl.siem.SiemPropertyConstants.EVE_FILE;
import static org.onosproject.nids.impl.siem.SiemPropertyConstants.EVE_FILE_COUNT;
import static org.onosproject.nids.impl.siem.SiemPropertyConstants.EVE_FILE_COUNT_DEFAULT;
import static org.onosproject.nids.impl.siem.SiemPropertyConstants.EVE_FILE_DEFAULT;
import static org.onosproject.nids.impl.siem.SiemPropertyConstants.EVE_FILE_MAX_BYTES;
import static org.onosproject.nids.impl.siem.SiemPropertyConstants.EVE_FILE_MAX_BYTES_DEFAULT;
import static org.onosproject.nids.impl.siem.SiemPropertyConstants.SIEM_QUEUE_SIZE;
import static org.onosproject.nids.impl.siem.SiemPropertyConstants.SIEM_QUEUE_SIZE_DEFAULT;
import static org.onosproject.nids.impl.siem.SiemPropertyConstants.SYSLOG_COLLECTORS;
import static org.onosproject.nids.impl.siem.SiemPropertyConstants.SYSLOG_COLLECTORS_DEFAULT;
import static org.onosproject.nids.impl.siem.SiemPropertyConstants.SYSLOG_FACILITY;
import static org.onosproject.nids.impl.siem.SiemPropertyConstants.SYSLOG_FACILITY_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Exports every new alert and every block made or removed as a Suricata EVE JSON event (docs/siem.md) to a rotating
 * file and to syslog collectors, on its own bounded queue and thread. Alert and block events reach every ONOS
 * instance; only the leader of {@link #LEADERSHIP_TOPIC} exports them, so a cluster sends each event once.
 * <p>
 * A configuration is taken whole or refused whole: a bad value (a host that does not resolve, a port or facility
 * out of range, a file that cannot be written) is refused with one log line, the configuration in force stays, and
 * the stored properties are set back to it, so {@code cfg get} shows what is in force. {@code GET /stats} shows the
 * configuration in force, the last refusal and the counters under {@code siem}.
 */
@Component(immediate = true, service = NidsSiemService.class,
        property = {
                EVE_FILE + "=" + EVE_FILE_DEFAULT,
                EVE_FILE_MAX_BYTES + ":Integer=" + EVE_FILE_MAX_BYTES_DEFAULT,
                EVE_FILE_COUNT + ":Integer=" + EVE_FILE_COUNT_DEFAULT,
                SYSLOG_COLLECTORS + "=" + SYSLOG_COLLECTORS_DEFAULT,
                SYSLOG_FACILITY + "=" + SYSLOG_FACILITY_DEFAULT,
                SIEM_QUEUE_SIZE + ":Integer=" + SIEM_QUEUE_SIZE_DEFAULT,
        })
public class NidsSiemManager implements NidsSiemService {

    /** Who exports in a cluster. */
    static final String LEADERSHIP_TOPIC = "org.onosproject.nids.siem";

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsAlertService alertService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsBlockService blockService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LeadershipService leadershipService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterService clusterService;

    /** EVE JSON file (absolute path) the events are appended to, Suricata's eve.json; empty: no file. */
    private String eveFile = EVE_FILE_DEFAULT;
    /** Size (bytes, at least 4096) at which the EVE file is rotated to FILE.1, FILE.2, ... */
    private int eveFileMaxBytes = EVE_FILE_MAX_BYTES_DEFAULT;
    /** EVE files kept, the current one included (1..100). */
    private int eveFileCount = EVE_FILE_COUNT_DEFAULT;
    /**
     * RFC 5424 syslog collectors, comma-separated udp://host:port or tcp://host:port (TCP: octet-counting framing);
     * empty: none.
     */
    private String syslogCollectors = SYSLOG_COLLECTORS_DEFAULT;
    /** Syslog facility of the messages: a name (kern, user, daemon, auth, local0..local7, ...) or a code 0..23. */
    private String syslogFacility = SYSLOG_FACILITY_DEFAULT;
    /** Events waiting for the export thread at most; beyond it they are dropped and counted (GET /stats). */
    private int siemQueueSize = SIEM_QUEUE_SIZE_DEFAULT;

    /** The controller clock; tests replace it. */
    LongSupplier clock = System::currentTimeMillis;

    private EveFormat format;
    private final NidsAlertListener alertListener = this::alertEvent;
    private final NidsBlockListener blockListener = this::blockEvent;
    private volatile String lastRefusal;
    private SiemExporter exporter;

    @Activate
    protected void activate(ComponentContext context) {
        componentConfigService.registerProperties(getClass());
        SiemExportConfig config;
        try {
            config = SiemExportConfig.fromProperties(properties(context));
        } catch (IllegalArgumentException e) {
            refuse(e.getMessage());
            config = SiemExportConfig.DEFAULT;
        }
        inForce(config);
        String host = localHostName();
        format = new EveFormat(host);
        exporter = new SiemExporter(config, host, clock);
        leadershipService.runForLeadership(LEADERSHIP_TOPIC);
        alertService.addListener(alertListener);
        blockService.addListener(blockListener);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        blockService.removeListener(blockListener);
        alertService.removeListener(alertListener);
        leadershipService.withdraw(LEADERSHIP_TOPIC);
        exporter.close();
        componentConfigService.unregisterProperties(getClass(), false);
        log.info("Stopped");
    }

    @Modified
    protected void modified(ComponentContext context) {
        SiemExportConfig current = exporter.config();
        SiemExportConfig next;
        try {
            next = SiemExportConfig.fromProperties(properties(context));
        } catch (IllegalArgumentException e) {
            refuse(e.getMessage());
            restore(current, properties(context));
            return;
        }
        if (!next.equals(current)) {
            inForce(next);
            exporter.reconfigure(next);
        }
    }

    @Override
    public SiemExportStats stats() {
        return exporter.stats(lastRefusal);
    }

    private void refuse(String reason) {
        lastRefusal = reason;
        log.warn("SIEM export: refused {}; the configuration in force stays", reason);
    }

    /** Sets the stored properties that differ from the configuration in force back to it. */
    private void restore(SiemExportConfig current, Dictionary<?, ?> properties) {
        String component = getClass().getName();
        Set<ConfigProperty> defined = componentConfigService.getProperties(component);
        current.properties().forEach((name, value) -> {
            Object stored = properties.get(name);
            if (stored != null && !Objects.equals(stored.toString().trim(), value)) {
                boolean isDefault = defined != null && defined.stream()
                        .anyMatch(p -> p.name().equals(name) && Objects.equals(p.defaultValue(), value));
                if (isDefault) {
                    componentConfigService.unsetProperty(component, name);
                } else {
                    componentConfigService.setProperty(component, name, value);
                }
            }
        });
    }

    private void inForce(SiemExportConfig config) {
        Map<String, String> values = config.properties();
        eveFile = values.get(EVE_FILE);
        eveFileMaxBytes = config.eveFileMaxBytes();
        eveFileCount = config.eveFileCount();
        syslogCollectors = values.get(SYSLOG_COLLECTORS);
        syslogFacility = values.get(SYSLOG_FACILITY);
        siemQueueSize = config.queueSize();
        log.info("SIEM export configuration {}", values);
    }

    private boolean exporting() {
        NodeId leader = leadershipService.getLeader(LEADERSHIP_TOPIC);
        return leader != null && leader.equals(clusterService.getLocalNode().id());
    }

    private void alertEvent(NidsAlertEvent event) {
        if (event.type() == NidsAlertEvent.Type.ALERT_RAISED && exporting()) {
            exporter.submit(() -> format.alert(event.subject()));
        }
    }

    private void blockEvent(NidsBlockEvent event) {
        if (!exporting()) {
            return;
        }
        NidsBlock block = event.subject();
        if (event.type() == NidsBlockEvent.Type.BLOCK_ADDED) {
            // Reads the alert store: on the export thread, not on ONOS's event thread.
            exporter.submit(() -> format.blocked(block, block.alertId().flatMap(alertService::alert)));
        } else {
            long removed = clock.getAsLong();
            exporter.submit(() -> format.unblocked(block, removed));
        }
    }

    private static Dictionary<?, ?> properties(ComponentContext context) {
        return context == null ? new Hashtable<>() : context.getProperties();
    }

    /** The syslog HOSTNAME and EVE host of this instance: the machine's name, else "-". */
    private static String localHostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "-";
        }
    }
}
