/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.ReportFormat;
import org.onosproject.nids.impl.flow.ReportReplay;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Benchmark (`make bench-app`): replays report frames into the app's report path as if the named switches had sent
 * them as packet-ins, at a total rate for a time, and prints what was offered and taken as one JSON line; the
 * figures of what the app made of them are in `nids-stats`. Nothing reaches a switch.
 */
@Service
@Command(scope = "onos", name = "nids-replay-reports",
        description = "Benchmark: replays report frames from a file into the report path as NIDS switches' packet-ins")
public class NidsReplayReportsCommand extends NidsCommand {

    /** Largest frames file read (16 MiB: far more frames than a replay cycles through). */
    static final long MAX_FILE_BYTES = 16L << 20;
    static final double MAX_SECONDS = 600;

    @Argument(index = 0, name = "frames", required = true,
            description = "file of frames: each a 2-byte big-endian length, then the Ethernet frame")
    String framesPath;

    @Option(name = "-d", aliases = "--devices", required = true,
            description = "comma-separated ids of switches running the NIDS pipeline the reports are attributed to")
    String deviceIds;

    @Option(name = "-r", aliases = "--rate", description = "frames per second in all (default 10000)")
    double rate = 10_000;

    @Option(name = "-s", aliases = "--seconds", description = "how long, 0 < s <= 600 (default 10)")
    double seconds = 10;

    @Override
    protected void doExecute() {
        if (!(rate > 0) || !(seconds > 0) || seconds > MAX_SECONDS) {
            throw new NidsException(NidsException.Kind.INVALID, "rate must be > 0 and seconds in (0, 600]");
        }
        ReportReplay replay = getService(ReportReplay.class);
        List<DeviceId> devices = new ArrayList<>();
        List<ReportFormat> formats = new ArrayList<>();
        for (String id : deviceIds.split(",")) {
            DeviceId device = DeviceId.deviceId(id.trim());
            devices.add(device);
            formats.add(replay.format(device).orElseThrow(() -> new NidsException(
                    NidsException.Kind.INVALID, device + " does not run the NIDS pipeline")));
        }
        List<byte[]> frames = readFrames(framesPath);
        ReportReplay.Outcome outcome = ReportReplay.replay(replay, devices, formats, frames, rate, seconds,
                                                           System::nanoTime, ReportReplay::pauseAMillisecond);
        print("{\"offered\": %d, \"accepted\": %d, \"seconds\": %.3f}", outcome.offered, outcome.accepted,
              outcome.seconds);
    }

    static List<byte[]> readFrames(String path) {
        List<byte[]> frames = new ArrayList<>();
        try {
            if (Files.size(Paths.get(path)) > MAX_FILE_BYTES) {
                throw new NidsException(NidsException.Kind.INVALID, path + " is larger than 16 MiB");
            }
            try (DataInputStream in = new DataInputStream(Files.newInputStream(Paths.get(path)))) {
                while (true) {
                    int length;
                    try {
                        length = in.readUnsignedShort();
                    } catch (EOFException end) {
                        break;
                    }
                    byte[] frame = new byte[length];
                    in.readFully(frame);
                    frames.add(frame);
                }
            }
        } catch (IOException e) {
            throw new NidsException(NidsException.Kind.INVALID, "cannot read frames from " + path + ": " + e);
        }
        if (frames.isEmpty()) {
            throw new NidsException(NidsException.Kind.INVALID, path + " holds no frame");
        }
        return frames;
    }
}
