// p4rt-replay: N fake P4Runtime switches (one gRPC port each) that ONOS connects to through its real P4Runtime
// southbound, then report packet-ins replayed at a controlled rate. The frames come from a file the caller builds
// (nidslib.bench.app, from the pipeconf's report layout), so this program knows nothing of the report layout.
//
//	p4rt-replay --base-port 50300 --switches 16 --frames FILE --metadata ID:VALUE
//
// Commands on stdin, one JSON line on stdout per command:
//
//	status                     what each device has seen (pipeline set, entities, stream open)
//	run SWITCHES RATE SECONDS  the first SWITCHES devices each send RATE packet-ins/s for SECONDS
//	quit
package main

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	p4 "github.com/p4lang/p4runtime/go/p4/v1"
	"google.golang.org/grpc"
)

// tick is how often a sender tops up its budget of packet-ins.
const tick = time.Millisecond

func main() {
	basePort := flag.Int("base-port", 50300, "first gRPC port (device i listens on base-port + i)")
	switches := flag.Int("switches", 1, "number of devices")
	framesFile := flag.String("frames", "", "frames to replay: each a 2-byte big-endian length, then the frame")
	metadata := flag.String("metadata", "", "packet-in metadata ID:VALUE (VALUE as a 2-byte big-endian field)")
	flag.Parse()
	frames, err := readFrames(*framesFile)
	if err != nil || len(frames) == 0 {
		log.Fatalf("p4rt-replay: frames: %v (%d frames)", err, len(frames))
	}
	meta, err := parseMetadata(*metadata)
	if err != nil {
		log.Fatalf("p4rt-replay: --metadata: %v", err)
	}
	var devices []*device
	for i := 0; i < *switches; i++ {
		address := fmt.Sprintf("127.0.0.1:%d", *basePort+i)
		listener, err := net.Listen("tcp", address)
		if err != nil {
			log.Fatalf("p4rt-replay: %v", err)
		}
		d := newDevice(address)
		server := grpc.NewServer(grpc.MaxRecvMsgSize(256 << 20))
		p4.RegisterP4RuntimeServer(server, d)
		go server.Serve(listener)
		devices = append(devices, d)
	}
	messages := make([]*p4.StreamMessageResponse, len(frames))
	for i, frame := range frames {
		messages[i] = &p4.StreamMessageResponse{Update: &p4.StreamMessageResponse_Packet{Packet: &p4.PacketIn{
			Payload: frame, Metadata: meta}}}
	}
	out := json.NewEncoder(os.Stdout)
	in := bufio.NewScanner(os.Stdin)
	fmt.Fprintf(os.Stderr, "p4rt-replay: %d device(s) from port %d, %d frames\n", len(devices), *basePort, len(frames))
	for in.Scan() {
		fields := strings.Fields(in.Text())
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "status":
			var states []map[string]any
			for _, d := range devices {
				states = append(states, d.state())
			}
			out.Encode(map[string]any{"devices": states})
		case "run":
			n, rate, seconds, err := runArgs(fields[1:], len(devices))
			if err != nil {
				out.Encode(map[string]any{"error": err.Error()})
				continue
			}
			out.Encode(replay(devices[:n], messages, rate, seconds))
		case "quit":
			return
		default:
			out.Encode(map[string]any{"error": "unknown command " + fields[0]})
		}
	}
}

func runArgs(args []string, devices int) (int, float64, float64, error) {
	if len(args) != 3 {
		return 0, 0, 0, fmt.Errorf("run SWITCHES RATE SECONDS")
	}
	n, err1 := strconv.Atoi(args[0])
	rate, err2 := strconv.ParseFloat(args[1], 64)
	seconds, err3 := strconv.ParseFloat(args[2], 64)
	if err1 != nil || err2 != nil || err3 != nil || n < 1 || n > devices || rate <= 0 || seconds <= 0 || seconds > 3600 {
		return 0, 0, 0, fmt.Errorf("run SWITCHES(1..%d) RATE(>0) SECONDS(0..3600]", devices)
	}
	return n, rate, seconds, nil
}

// replay has each device send rate packet-ins/s for the given time (paced per millisecond; a device whose
// stream cannot take more falls behind, which the answer shows as fewer sent than offered).
func replay(devices []*device, messages []*p4.StreamMessageResponse, rate, seconds float64) map[string]any {
	sent := make([]int64, len(devices))
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(time.Duration(seconds * float64(time.Second)))
	for i, d := range devices {
		wg.Add(1)
		go func(i int, d *device) {
			defer wg.Done()
			s := d.primary()
			if s == nil {
				return
			}
			ticker := time.NewTicker(tick)
			defer ticker.Stop()
			next := i * 7919 % len(messages) // devices start at different frames
			for now := range ticker.C {
				if now.After(deadline) {
					return
				}
				due := int64(rate * now.Sub(start).Seconds())
				for sent[i] < due {
					if !s.send(messages[next]) {
						return
					}
					sent[i]++
					next = (next + 1) % len(messages)
				}
			}
		}(i, d)
	}
	wg.Wait()
	elapsed := time.Since(start).Seconds()
	var total int64
	for _, n := range sent {
		total += n
	}
	return map[string]any{"switches": len(devices), "ratePerSwitch": rate, "seconds": elapsed, "sent": sent,
		"total": total, "offeredRate": float64(total) / elapsed}
}

func readFrames(path string) ([][]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	var frames [][]byte
	for {
		var size uint16
		if err := binary.Read(r, binary.BigEndian, &size); err == io.EOF {
			return frames, nil
		} else if err != nil {
			return nil, err
		}
		frame := make([]byte, size)
		if _, err := io.ReadFull(r, frame); err != nil {
			return nil, err
		}
		frames = append(frames, frame)
	}
}

func parseMetadata(spec string) ([]*p4.PacketMetadata, error) {
	if spec == "" {
		return nil, nil
	}
	parts := strings.SplitN(spec, ":", 2)
	if len(parts) != 2 {
		return nil, fmt.Errorf("expected ID:VALUE, got %q", spec)
	}
	id, err1 := strconv.ParseUint(parts[0], 10, 32)
	value, err2 := strconv.ParseUint(parts[1], 10, 16)
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("expected ID:VALUE, got %q", spec)
	}
	return []*p4.PacketMetadata{{MetadataId: uint32(id), Value: []byte{byte(value >> 8), byte(value)}}}, nil
}
