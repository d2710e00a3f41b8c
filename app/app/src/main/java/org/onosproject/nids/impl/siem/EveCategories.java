/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The EVE {@code alert.category} of an attack class: the description of the Suricata classtype (classification.config)
 * the class name suggests, so that SIEM dashboards grouping Suricata alerts by category group NIDS alerts with them.
 * The first rule whose word the class name contains (any case) wins; "Misc Attack" otherwise.
 */
final class EveCategories {

    /** The category of blocks that answer no alert (an operator's decision). */
    static final String POLICY = "Misc activity";
    static final String DEFAULT = "Misc Attack";

    private static final List<Map.Entry<String, String>> RULES = List.of(
            Map.entry("dos", "Attempted Denial of Service"),
            Map.entry("flood", "Attempted Denial of Service"),
            Map.entry("scan", "Detection of a Network Scan"),
            Map.entry("recon", "Detection of a Network Scan"),
            Map.entry("probe", "Detection of a Network Scan"),
            Map.entry("brute", "Attempted User Privilege Gain"),
            Map.entry("patator", "Attempted User Privilege Gain"),
            Map.entry("password", "Attempted User Privilege Gain"),
            Map.entry("bot", "A Network Trojan was detected"),
            Map.entry("backdoor", "A Network Trojan was detected"),
            Map.entry("worm", "A Network Trojan was detected"),
            Map.entry("exploit", "Attempted Administrator Privilege Gain"),
            Map.entry("shellcode", "Executable code was detected"),
            Map.entry("web", "Web Application Attack"),
            Map.entry("xss", "Web Application Attack"),
            Map.entry("sql", "Web Application Attack"),
            Map.entry("infiltration", "Successful Administrator Privilege Gain"));

    private EveCategories() {
    }

    /**
     * @param className an attack class name
     * @return its category
     */
    static String of(String className) {
        String name = className.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, String> rule : RULES) {
            if (name.contains(rule.getKey())) {
                return rule.getValue();
            }
        }
        return DEFAULT;
    }
}
