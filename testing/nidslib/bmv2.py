"""The BMv2 switch process: simple_switch_grpc started with no program (the pipeline is pushed over P4Runtime), in
its own process group (processes.terminate stops it). One launcher for the fabric, the data-plane tests and the
overhead benchmark."""
import subprocess

SWITCH_BINARY = "simple_switch_grpc"
DEVICE_ID = 1


def command(ports, grpc_port, cpu_port, binary=SWITCH_BINARY, device_id=DEVICE_ID, options=()):
    """ports: {port number: interface}; options: switch options before the ports (log level, thrift port...)."""
    cmd = [binary, "--device-id", str(device_id), *options]
    for number, iface in sorted(ports.items()):
        cmd += ["-i", f"{number}@{iface}"]
    return cmd + ["--no-p4", "--", "--grpc-server-addr", f"127.0.0.1:{grpc_port}", "--cpu-port", str(cpu_port)]


def start(cmd, log_path):
    """Starts a switch in its own process group, its output appended to log_path."""
    with open(log_path, "ab") as log:
        return subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)
