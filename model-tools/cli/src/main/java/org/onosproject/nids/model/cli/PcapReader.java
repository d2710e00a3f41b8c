package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.ModelException;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads classic libpcap files: either byte order, microsecond or nanosecond timestamps. pcapng is recognised and
 * refused with a hint (convert it with {@code editcap -F pcap}). Only Ethernet captures are accepted, because the
 * switch sees Ethernet frames.
 */
final class PcapReader implements Closeable {

    static final int LINKTYPE_ETHERNET = 1;
    private static final int MAGIC_MICROS = 0xa1b2c3d4;
    private static final int MAGIC_NANOS = 0xa1b23c4d;
    private static final int PCAPNG_BLOCK = 0x0a0d0d0a;
    private static final int RECORD_HEADER = 16;
    /** Larger than any frame a capture can hold: a guard against reading a corrupt length as an allocation. */
    private static final int MAX_RECORD = 1 << 24;

    /** One captured frame and its capture timestamp in microseconds. */
    static final class Frame {
        private final long timestampMicros;
        private final byte[] data;

        Frame(long timestampMicros, byte[] data) {
            this.timestampMicros = timestampMicros;
            this.data = data;
        }

        long timestampMicros() {
            return timestampMicros;
        }

        /** The captured bytes (maybe fewer than on the wire, if the capture had a snap length). */
        byte[] data() {
            return data;
        }
    }

    private final Path file;
    private final DataInputStream in;
    private final ByteOrder order;
    private final boolean nanoseconds;
    private long frames;

    PcapReader(Path file) {
        this.file = Arguments.existingFile(file);
        try {
            this.in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16));
            byte[] header = new byte[24];
            if (!readFully(in, header)) {
                throw notPcap("shorter than a pcap header");
            }
            int magic = ByteBuffer.wrap(header, 0, 4).order(ByteOrder.BIG_ENDIAN).getInt();
            int swapped = Integer.reverseBytes(magic);
            if (magic == PCAPNG_BLOCK) {
                throw new ModelException(file + " is pcapng, which is not supported: convert it with "
                        + "editcap -F pcap " + file + " out.pcap");
            } else if (magic == MAGIC_MICROS || magic == MAGIC_NANOS) {
                order = ByteOrder.BIG_ENDIAN;
                nanoseconds = magic == MAGIC_NANOS;
            } else if (swapped == MAGIC_MICROS || swapped == MAGIC_NANOS) {
                order = ByteOrder.LITTLE_ENDIAN;
                nanoseconds = swapped == MAGIC_NANOS;
            } else {
                throw notPcap(String.format("unknown magic number 0x%08x", magic));
            }
            int linkType = ByteBuffer.wrap(header, 20, 4).order(order).getInt() & 0x0FFF_FFFF;
            if (linkType != LINKTYPE_ETHERNET) {
                throw new ModelException(file + " has link type " + linkType + "; only Ethernet (1) captures can "
                        + "be simulated");
            }
        } catch (IOException e) {
            throw new ModelException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** The next frame, or null at the end; a record cut short at the end of the file ends the capture too. */
    Frame next() {
        try {
            byte[] header = new byte[RECORD_HEADER];
            if (!readFully(in, header)) {
                return null;
            }
            ByteBuffer buffer = ByteBuffer.wrap(header).order(order);
            long seconds = buffer.getInt() & 0xFFFF_FFFFL;
            long fraction = buffer.getInt() & 0xFFFF_FFFFL;
            int capturedLength = buffer.getInt();
            if (capturedLength < 0 || capturedLength > MAX_RECORD) {
                throw notPcap("record " + (frames + 1) + " claims " + (capturedLength & 0xFFFF_FFFFL) + " bytes");
            }
            byte[] data = new byte[capturedLength];
            if (!readFully(in, data)) {
                return null;
            }
            frames++;
            long micros = seconds * 1_000_000L + (nanoseconds ? fraction / 1000 : fraction);
            return new Frame(micros, data);
        } catch (IOException e) {
            throw new ModelException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** True when the buffer was filled; false at a clean end of file or a record cut short. */
    private static boolean readFully(InputStream in, byte[] buffer) throws IOException {
        try {
            new DataInputStream(in).readFully(buffer);
            return true;
        } catch (EOFException e) {
            return false;
        }
    }

    private ModelException notPcap(String why) {
        return new ModelException(file + " is not a readable pcap file: " + why);
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            // Nothing was written; a failed close of an input loses nothing.
        }
    }
}
