/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import org.onosproject.codec.CodecService;
import org.onosproject.nids.api.BlockPolicy;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.NidsBlock;

/**
 * The codecs of blocks. The REST resources and CLI commands use these instances directly;
 * {@link #register(CodecService)} additionally offers them to other ONOS components.
 */
public final class BlockCodecs {

    /** One block. */
    public static final BlockCodec BLOCK = new BlockCodec();
    /** The body of POST /blocks. */
    public static final BlockRequestCodec BLOCK_REQUEST = new BlockRequestCodec();
    /** The policy in force (in GET /blocks). */
    public static final BlockPolicyCodec POLICY = new BlockPolicyCodec();

    private BlockCodecs() {
    }

    /**
     * Registers the block codecs with ONOS.
     *
     * @param codecService ONOS's codec service
     */
    public static void register(CodecService codecService) {
        codecService.registerCodec(NidsBlock.class, BLOCK);
        codecService.registerCodec(BlockRequest.class, BLOCK_REQUEST);
        codecService.registerCodec(BlockPolicy.class, POLICY);
    }

    /**
     * Unregisters the block codecs.
     *
     * @param codecService ONOS's codec service
     */
    public static void unregister(CodecService codecService) {
        codecService.unregisterCodec(NidsBlock.class);
        codecService.unregisterCodec(BlockRequest.class);
        codecService.unregisterCodec(BlockPolicy.class);
    }
}
