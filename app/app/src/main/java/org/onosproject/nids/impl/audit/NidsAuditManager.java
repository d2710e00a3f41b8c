/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.audit;

import org.apache.karaf.jaas.boot.principal.GroupPrincipal;
import org.apache.karaf.jaas.boot.principal.RolePrincipal;
import org.apache.karaf.jaas.boot.principal.UserPrincipal;
import org.apache.karaf.jaas.config.JaasRealm;
import org.apache.karaf.jaas.modules.BackingEngine;
import org.apache.karaf.jaas.modules.BackingEngineFactory;
import org.onosproject.cluster.ClusterService;
import org.onosproject.nids.api.AuditEntry;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.UserInput;
import org.onosproject.store.service.StorageException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;

import javax.security.auth.login.AppConfigurationEntry;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The audit log: the newest {@value DistributedNidsAuditStore#MAX_ENTRIES} changes of the whole cluster (the oldest
 * let go and counted), each recorded with the instance it was made through, and each also one line of the logger
 * {@value #AUDIT_LOGGER} in that instance's ONOS log, written first (an entry the storage nodes do not take is in the
 * log only, and counted). Roles are read from the user realms ONOS's Karaf authenticates against (users.properties by
 * default), through Karaf's backing engines, as its jaas commands do.
 */
@Component(immediate = true, service = NidsAuditService.class)
public class NidsAuditManager implements NidsAuditService {

    /** The logger of the audit lines. */
    static final String AUDIT_LOGGER = "org.onosproject.nids.audit";

    private final Logger log = getLogger(getClass());
    private final Logger auditLog = getLogger(AUDIT_LOGGER);

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsAuditStore store;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterService clusterService;

    /** The user realms (Karaf registers "karaf", ONOS's). */
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    protected volatile List<JaasRealm> realms = new CopyOnWriteArrayList<>();
    /** What reads the users and roles of a realm's login module. */
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    protected volatile List<BackingEngineFactory> engineFactories = new CopyOnWriteArrayList<>();

    /** Karaf's users file (the properties realm ONOS authenticates against); tests replace it. */
    Path usersFile = Paths.get(System.getProperty("karaf.etc", "etc"), "users.properties");
    private static final String GROUP_PREFIX = "_g_:";

    /** The controller clock; tests replace it. */
    LongSupplier clock = System::currentTimeMillis;

    private final LongAdder notStored = new LongAdder();

    @Activate
    protected void activate() {
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        log.info("Stopped");
    }

    @Override
    public boolean hasRole(String user, String role) {
        if (user == null || role == null) {
            return false;
        }
        for (JaasRealm realm : realms) {
            for (AppConfigurationEntry entry : realm.getEntries()) {
                BackingEngine engine = engine(entry);
                if (engine != null && hasRole(engine, user, role)) {
                    return true;
                }
            }
        }
        // On the ONOS 2.7 stack the backing engines did not answer (GET /audit: onos without admin): the properties
        // realm's own file decides then.
        return hasRoleInUsersFile(usersFile, user, role);
    }

    /**
     * Karaf's properties realm as PropertiesBackingEngine reads it: {@code user = password,role|_g_:group,...} and
     * {@code _g_\:group = group,role,...}.
     */
    static boolean hasRoleInUsersFile(Path file, String user, String role) {
        Properties users = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            users.load(reader);
        } catch (IOException e) {
            return false;
        }
        String entry = users.getProperty(user);
        if (entry == null) {
            return false;
        }
        String[] fields = entry.split(",");
        for (int i = 1; i < fields.length; i++) {
            String field = fields[i].strip();
            if (field.startsWith(GROUP_PREFIX)) {
                String[] group = users.getProperty(field, "").split(",");
                for (int j = 1; j < group.length; j++) {
                    if (group[j].strip().equals(role)) {
                        return true;
                    }
                }
            } else if (field.equals(role)) {
                return true;
            }
        }
        return false;
    }

    private BackingEngine engine(AppConfigurationEntry entry) {
        for (BackingEngineFactory factory : engineFactories) {
            if (factory.getModuleClass().equals(entry.getLoginModuleName())) {
                try {
                    return factory.build(entry.getOptions());
                } catch (RuntimeException e) {
                    log.warn("Cannot read the users of {}: {}", entry.getLoginModuleName(), e.toString());
                }
            }
        }
        return null;
    }

    private static boolean hasRole(BackingEngine engine, String user, String role) {
        for (UserPrincipal candidate : engine.listUsers()) {
            if (!candidate.getName().equals(user)) {
                continue;
            }
            List<RolePrincipal> roles = new ArrayList<>(engine.listRoles(candidate));
            for (GroupPrincipal group : engine.listGroups(candidate)) {
                roles.addAll(engine.listRoles(group));
            }
            return roles.stream().anyMatch(r -> r.getName().equals(role));
        }
        return false;
    }

    @Override
    public void record(String user, String action, String target, String result) {
        AuditEntry entry = new AuditEntry(clock.getAsLong(), clusterService.getLocalNode().id().toString(),
                                          oneLine(user), oneLine(action), UserInput.brief(oneLine(target)),
                                          UserInput.brief(oneLine(result), MAX_RESULT_CHARS));
        auditLog.info("user={} action={} target={} result={}", entry.user(), entry.action(), entry.target(),
                      entry.result());
        try {
            store.add(entry);
        } catch (StorageException e) {
            notStored.increment();
            log.warn("Audit entry not stored ({}); its line in the audit log is its only record: {}", e.getMessage(),
                     entry);
        }
    }

    /**
     * At most this much of a result is kept (a reason; a rollout's outcome per switch). The store is bounded in
     * entries, so an entry is bounded in size too: a target repeats what a client named (an id, a source) and keeps
     * what {@link UserInput#brief(Object)} keeps, or a viewer's refused requests with 8 KB ids would each take 8 KB of
     * every instance's store.
     */
    static final int MAX_RESULT_CHARS = 1000;

    /** Line breaks and other control characters out: an entry is one log line and cannot forge another. */
    private static String oneLine(String text) {
        return text == null ? "" : text.codePoints().map(c -> Character.isISOControl(c) ? ' ' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }

    @Override
    public List<AuditEntry> entries(int limit) {
        return store.newest(limit);
    }

    @Override
    public long evicted() {
        return store.evicted();
    }

    @Override
    public long notStored() {
        return notStored.sum();
    }
}
