/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import com.google.common.base.MoreObjects;
import com.google.common.base.Splitter;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkArgument;
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

/**
 * Where the SIEM export writes and sends: the EVE file and its rotation, the syslog collectors and facility, and the
 * queue's size. {@link #fromProperties} takes a configuration whole or refuses it whole, with one line saying why:
 * a typo in one collector must not silently stop the export to it while the others go on.
 */
public final class SiemExportConfig {

    /** Smallest rotation size: a file must hold a few events. */
    static final int MIN_FILE_BYTES = 4096;
    static final int MAX_FILE_COUNT = 100;
    static final int MAX_QUEUE_SIZE = 1000000;

    /** RFC 5424 6.2.1 facility names, by code. */
    static final List<String> FACILITIES = List.of(
            "kern", "user", "mail", "daemon", "auth", "syslog", "lpr", "news", "uucp", "cron", "authpriv", "ftp",
            "ntp", "audit", "alert", "clock", "local0", "local1", "local2", "local3", "local4", "local5", "local6",
            "local7");

    /** The defaults: nothing exported. */
    public static final SiemExportConfig DEFAULT = new SiemExportConfig(
            null, EVE_FILE_MAX_BYTES_DEFAULT, EVE_FILE_COUNT_DEFAULT, List.of(),
            FACILITIES.indexOf(SYSLOG_FACILITY_DEFAULT), SIEM_QUEUE_SIZE_DEFAULT);

    private final Path eveFile;
    private final int eveFileMaxBytes;
    private final int eveFileCount;
    private final ImmutableList<SyslogCollector> collectors;
    private final int facility;
    private final int queueSize;

    SiemExportConfig(Path eveFile, int eveFileMaxBytes, int eveFileCount, List<SyslogCollector> collectors,
                     int facility, int queueSize) {
        this.eveFile = eveFile;
        this.eveFileMaxBytes = eveFileMaxBytes;
        this.eveFileCount = eveFileCount;
        this.collectors = ImmutableList.copyOf(collectors);
        this.facility = facility;
        this.queueSize = queueSize;
    }

    /**
     * Reads a configuration from component properties; missing properties take their defaults.
     *
     * @param properties component properties; null = every default
     * @return the configuration
     * @throws IllegalArgumentException one line naming the property, its value and what is wrong with it
     */
    public static SiemExportConfig fromProperties(Dictionary<?, ?> properties) {
        Path file = eveFile(text(properties, EVE_FILE, EVE_FILE_DEFAULT));
        int maxBytes = number(properties, EVE_FILE_MAX_BYTES, EVE_FILE_MAX_BYTES_DEFAULT, MIN_FILE_BYTES,
                              Integer.MAX_VALUE);
        int count = number(properties, EVE_FILE_COUNT, EVE_FILE_COUNT_DEFAULT, 1, MAX_FILE_COUNT);
        String collectorsText = text(properties, SYSLOG_COLLECTORS, SYSLOG_COLLECTORS_DEFAULT);
        List<SyslogCollector> collectors = new ArrayList<>();
        for (String entry : Splitter.on(',').trimResults().omitEmptyStrings().split(collectorsText)) {
            try {
                collectors.add(SyslogCollector.parse(entry));
            } catch (IllegalArgumentException e) {
                throw refusal(SYSLOG_COLLECTORS, collectorsText, e.getMessage());
            }
        }
        checkArgument(new LinkedHashSet<>(collectors).size() == collectors.size(), "%s=\"%s\": a collector is "
                + "listed twice", SYSLOG_COLLECTORS, collectorsText);
        int facility = facility(text(properties, SYSLOG_FACILITY, SYSLOG_FACILITY_DEFAULT));
        int queueSize = number(properties, SIEM_QUEUE_SIZE, SIEM_QUEUE_SIZE_DEFAULT, 1, MAX_QUEUE_SIZE);
        return new SiemExportConfig(file, maxBytes, count, collectors, facility, queueSize);
    }

    private static Path eveFile(String text) {
        if (text.isEmpty()) {
            return null;
        }
        Path path;
        try {
            path = Paths.get(text);
        } catch (RuntimeException e) {
            throw refusal(EVE_FILE, text, "not a path");
        }
        if (!path.isAbsolute()) {
            throw refusal(EVE_FILE, text, "not an absolute path");
        }
        if (Files.isDirectory(path)) {
            throw refusal(EVE_FILE, text, "is a directory");
        }
        Path parent = path.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw refusal(EVE_FILE, text, "no directory " + parent);
        }
        if (!Files.isWritable(parent) || (Files.exists(path) && !Files.isWritable(path))) {
            throw refusal(EVE_FILE, text, "not writable");
        }
        return path;
    }

    /**
     * @param text a facility name (RFC 5424: kern, user, … local0..local7) or code 0..23
     * @return its code
     */
    static int facility(String text) {
        String name = text.trim().toLowerCase(Locale.ROOT);
        int code = FACILITIES.indexOf(name);
        if (code >= 0) {
            return code;
        }
        try {
            code = Integer.parseInt(name);
        } catch (NumberFormatException e) {
            code = -1;
        }
        if (code < 0 || code >= FACILITIES.size()) {
            throw refusal(SYSLOG_FACILITY, text, "expected a facility name (" + String.join(", ", FACILITIES)
                    + ") or a code 0..23");
        }
        return code;
    }

    private static IllegalArgumentException refusal(String property, String value, String why) {
        return new IllegalArgumentException(String.format("%s=\"%s\": %s", property, value, why));
    }

    private static String text(Dictionary<?, ?> properties, String key, String fallback) {
        Object value = properties == null ? null : properties.get(key);
        return value == null ? fallback : value.toString().trim();
    }

    private static int number(Dictionary<?, ?> properties, String key, int fallback, int min, int max) {
        String value = text(properties, key, Integer.toString(fallback));
        long parsed;
        try {
            parsed = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw refusal(key, value, "not an integer");
        }
        if (parsed < min || parsed > max) {
            throw refusal(key, value, "expected " + min + ".." + max);
        }
        return (int) parsed;
    }

    /** @return the EVE file, if one is written */
    public Optional<Path> eveFile() {
        return Optional.ofNullable(eveFile);
    }

    /** @return the size at which the EVE file is rotated */
    public int eveFileMaxBytes() {
        return eveFileMaxBytes;
    }

    /** @return files kept: the current one and count - 1 rotated ones */
    public int eveFileCount() {
        return eveFileCount;
    }

    public List<SyslogCollector> collectors() {
        return collectors;
    }

    /** @return the syslog facility code, 0..23 */
    public int facility() {
        return facility;
    }

    public int queueSize() {
        return queueSize;
    }

    /** @return whether anything is exported */
    public boolean exports() {
        return eveFile != null || !collectors.isEmpty();
    }

    /** @return the configuration as component properties, in their canonical spelling */
    public Map<String, String> properties() {
        return ImmutableMap.<String, String>builder()
                .put(EVE_FILE, eveFile == null ? "" : eveFile.toString())
                .put(EVE_FILE_MAX_BYTES, Integer.toString(eveFileMaxBytes))
                .put(EVE_FILE_COUNT, Integer.toString(eveFileCount))
                .put(SYSLOG_COLLECTORS, collectors.stream().map(SyslogCollector::toString)
                        .collect(Collectors.joining(",")))
                .put(SYSLOG_FACILITY, FACILITIES.get(facility))
                .put(SIEM_QUEUE_SIZE, Integer.toString(queueSize))
                .build();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SiemExportConfig)) {
            return false;
        }
        SiemExportConfig that = (SiemExportConfig) o;
        return eveFileMaxBytes == that.eveFileMaxBytes && eveFileCount == that.eveFileCount
                && facility == that.facility && queueSize == that.queueSize
                && Objects.equals(eveFile, that.eveFile) && collectors.equals(that.collectors);
    }

    @Override
    public int hashCode() {
        return Objects.hash(eveFile, eveFileMaxBytes, eveFileCount, collectors, facility, queueSize);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("properties", properties()).toString();
    }
}
