/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.IncidentParams;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.UserInput;
import org.onosproject.nids.codec.BlockRequestCodec;

/**
 * Blocks a source (all its IPv4 traffic) at its edge switch and prints the block. Fails (non-zero exit) with the
 * REST API's one-line reasons: a bad address or TTL, an allowlisted or already blocked source, the cap.
 */
@Service
@Command(scope = "onos", name = "nids-block", description = "Blocks a source IPv4 address at the fabric edge")
public class BlockCommand extends NidsCommand {

    @Argument(index = 0, name = "src", description = "IPv4 address to block", required = true)
    String src = null;

    @Option(name = "--ttl", description = "Lifetime in seconds (0: no expiry; default: blockTtlSeconds)")
    String ttl = null;

    @Option(name = "--reason", description = "Why (logged and shown with the block)")
    String reason = null;

    @Option(name = "--incident", description = "The incident the block answers (marked BLOCKED with its alerts)")
    @Completion(IncidentIdCompleter.class)
    String incident = null;

    @Override
    protected void doExecute() {
        NidsBlock block;
        try {
            BlockRequest.Builder request = BlockRequest.builder(BlockRequestCodec.address(src)).reason(reason);
            if (ttl != null) {
                request.ttlSeconds(ttlSeconds(ttl));
            }
            if (incident != null) {
                request.incidentId(IncidentParams.incidentId(incident).orElseThrow(() -> new IllegalArgumentException(
                        "incident: expected an incident id, got " + UserInput.quoted(incident))));
            }
            BlockRequest made = request.build();
            block = audited("block.add", made.src().toString(), () -> getService(NidsBlockService.class).block(made),
                            b -> NidsAuditService.OK + ": block " + b.id());
        } catch (IllegalArgumentException e) {
            error("%s", e.getMessage());
            throw new NidsException(NidsException.Kind.INVALID, e.getMessage(), e);
        } catch (NidsException e) {
            error("%s", e.getMessage());
            throw e;
        }
        if (outputJson()) {
            printJson(codec(NidsBlock.class).encode(block, this));
        } else {
            print("%s", BlocksCommand.line(block));
        }
    }

    static long ttlSeconds(String text) {
        try {
            long value = Long.parseLong(text.strip());
            if (value >= 0 && value <= BlockRequest.MAX_TTL_SECONDS) {
                return value;
            }
        } catch (NumberFormatException e) {
            // the reason below
        }
        throw new IllegalArgumentException("ttl: expected an integer 0.." + BlockRequest.MAX_TTL_SECONDS + ", got "
                                                   + UserInput.quoted(text));
    }
}
