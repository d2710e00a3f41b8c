package org.onosproject.nids.model.cli;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.flow.PacketHeaders;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class PcapTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private static final int A = 0x0A000001;
    private static final int B = 0x0A000002;

    private Path pcap(ByteOrder order, boolean nanoseconds) throws Exception {
        byte[] bytes = new TestData.PcapBuilder(order, nanoseconds, 1)
                .frame(1_000_000_123_456L, TestData.ipv4Frame(6, A, B, 64, 60, TestData.tcp(1234, 80, 0x02, 1000)))
                .frame(1_000_000_123_999L, TestData.ipv4Frame(17, B, A, 32, 28, TestData.udp(53, 999)))
                .build();
        return Files.write(folder.newFile().toPath(), bytes);
    }

    @Test
    public void readsBothByteOrdersWithMicroAndNanoTimestamps() throws Exception {
        for (ByteOrder order : new ByteOrder[]{ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            for (boolean nanoseconds : new boolean[]{false, true}) {
                try (PcapReader reader = new PcapReader(pcap(order, nanoseconds))) {
                    PcapReader.Frame first = reader.next();
                    assertEquals(1_000_000_123_456L, first.timestampMicros());
                    PacketHeaders tcp = PacketDecoder.decode(first.data(), first.timestampMicros()).packet();
                    assertEquals(PacketHeaders.TCP, tcp.protocol());
                    assertEquals(1234, tcp.sourcePort());
                    assertEquals(60, tcp.totalLength());
                    assertEquals(0x02, tcp.tcpFlags());
                    assertEquals(1000, tcp.tcpWindow());
                    PcapReader.Frame second = reader.next();
                    PacketHeaders udp = PacketDecoder.decode(second.data(), second.timestampMicros()).packet();
                    assertEquals(B, udp.sourceAddress());
                    assertEquals(32, udp.ttl());
                    assertNull(reader.next());
                }
            }
        }
    }

    @Test
    public void decoderSkipsWhatTheSwitchDoesNotTrack() {
        byte[] arp = new byte[60];
        arp[12] = 0x08;
        arp[13] = 0x06;
        assertEquals(PacketDecoder.Skip.NOT_IPV4_ON_ETHERNET, PacketDecoder.decode(arp, 0).skip());
        byte[] gre = TestData.ipv4Frame(47, A, B, 64, 40, new byte[20]);
        assertEquals(PacketDecoder.Skip.NOT_TCP_UDP_ICMP, PacketDecoder.decode(gre, 0).skip());
        byte[] cut = java.util.Arrays.copyOf(TestData.ipv4Frame(6, A, B, 64, 40, TestData.tcp(1, 2, 0, 0)), 40);
        assertEquals(PacketDecoder.Skip.TRUNCATED, PacketDecoder.decode(cut, 0).skip());
        PacketHeaders icmp = PacketDecoder.decode(TestData.ipv4Frame(1, A, B, 64, 84, TestData.icmp(8, 0)), 0)
                .packet();
        assertEquals(8, icmp.icmpType());
        assertEquals(0, icmp.sourcePort());
        // An echo's identifier (bytes 4-5) keys its flow in the switch; its ports stay 0.
        byte[] echo = TestData.icmp(8, 0);
        echo[4] = 0x12;
        echo[5] = 0x34;
        PacketHeaders ping = PacketDecoder.decode(TestData.ipv4Frame(1, A, B, 64, 84, echo), 0).packet();
        assertEquals(0x1234, ping.icmpIdentifier());
        assertEquals(0x1234, ping.sourceKeyPort());
        assertEquals(0x1234, ping.destinationKeyPort());
        assertEquals(0, ping.destinationPort());
        byte[] unreachable = TestData.icmp(3, 3);
        unreachable[4] = 0x12;
        assertEquals(0, PacketDecoder.decode(TestData.ipv4Frame(1, A, B, 64, 84, unreachable), 0).packet()
                .sourceKeyPort());
    }

    @Test
    public void pcapngAndOtherLinkTypesAreRefusedClearly() throws Exception {
        Path pcapng = Files.write(folder.newFile().toPath(),
                new byte[]{0x0a, 0x0d, 0x0d, 0x0a, 0, 0, 0, 28, 0x1a, 0x2b, 0x3c, 0x4d, 0, 1, 0, 0, -1, -1, -1, -1,
                        -1, -1, -1, -1, 0, 0, 0, 28});
        expectError(pcapng, "is pcapng, which is not supported: convert it with editcap -F pcap");
        Path rawIp = Files.write(folder.newFile().toPath(),
                new TestData.PcapBuilder(ByteOrder.LITTLE_ENDIAN, false, 101).build());
        expectError(rawIp, "has link type 101; only Ethernet (1) captures can be simulated");
        Path text = Files.write(folder.newFile().toPath(), "hello, this is not a capture".getBytes());
        expectError(text, "is not a readable pcap file: unknown magic number");
    }

    private static void expectError(Path file, String expected) {
        try {
            new PcapReader(file).close();
            fail("opened " + file);
        } catch (ModelException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(expected));
        }
    }
}
