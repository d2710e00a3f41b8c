/*
 * An Atomix 3.1 storage node for an ONOS 2.x cluster: what `atomix-agent -c atomix.json` does in the Atomix
 * distribution ONOS's tools deploy (tools/test/bin/atomix-service), without the agent's REST server, which ONOS
 * does not use. The agent is not on Maven Central for 3.1.x; Atomix itself is.
 *
 * Usage: java -cp 'lib/*:atomix-node.jar' AtomixNode CONFIG.json
 * CONFIG is the JSON onos's atomix-gen-config writes: cluster (id, local node, bootstrap nodes), the management
 * group and the Raft partition group.
 */
import io.atomix.core.Atomix;
import io.atomix.core.AtomixConfig;

import java.io.File;

public final class AtomixNode {
    private AtomixNode() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 1 || !new File(args[0]).isFile()) {
            System.err.println("usage: AtomixNode CONFIG.json (an atomix-gen-config file)");
            System.exit(2);
        }
        AtomixConfig config = Atomix.config(new File(args[0]));
        Atomix atomix = Atomix.builder(config).withShutdownHook(true).build();
        atomix.start().join();
        System.out.println("Atomix node " + atomix.getMembershipService().getLocalMember().id()
                + " started at " + atomix.getMembershipService().getLocalMember().address());
        while (atomix.isRunning()) {
            Thread.sleep(1000);
        }
    }
}
