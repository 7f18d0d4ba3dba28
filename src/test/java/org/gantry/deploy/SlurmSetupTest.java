package org.gantry.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SlurmSetupTest {

    private static Inventory.Machine machine(String name, String address, String vc) {
        return new Inventory.Machine(name, address, 22, "root", Path.of("/k"), Set.of(Inventory.Role.COMPUTE),
                Optional.empty(), true, Optional.of(vc));
    }

    @Test
    void a_node_line_is_what_slurmd_measured_under_the_machine_s_name_and_address() {
        String measured = "NodeName=gpu-07 CPUs=32 Boards=1 SocketsPerBoard=2 CoresPerSocket=8 ThreadsPerCore=2"
                + " RealMemory=128000 Gres=gpu:4";
        assertThat(SlurmSetup.nodeLine(machine("g7", "10.0.0.7", "gpu"), measured)).isEqualTo(
                "NodeName=g7 NodeHostname=gpu-07 NodeAddr=10.0.0.7 CPUs=32 Boards=1 SocketsPerBoard=2"
                        + " CoresPerSocket=8 ThreadsPerCore=2 RealMemory=128000 Gres=gpu:4");
    }

    @Test
    void the_conf_names_the_controller_by_its_host_name_and_has_a_partition_per_virtual_cluster() {
        Inventory.Slurm slurm = new Inventory.Slurm("/etc/slurm/slurm.conf", "/srv/slurm", "lab", 6817, 6818);
        Inventory.Machine head = new Inventory.Machine("head", "10.0.0.1", 22, "root", Path.of("/k"),
                Set.of(Inventory.Role.SYSTEM), Optional.empty(), false, Optional.empty());
        List<Inventory.Machine> nodes = List.of(machine("c1", "10.0.0.2", "cpu"), machine("g1", "10.0.0.3", "gpu"),
                machine("c2", "10.0.0.4", "cpu"));
        String conf = new SlurmSetup(null, slurm).conf(head, "head-01", nodes, Map.of(
                "c1", "NodeName=c1 CPUs=4", "g1", "NodeName=g1 CPUs=8", "c2", "NodeName=c2 CPUs=4"));
        assertThat(conf.lines()).contains("ClusterName=lab", "SlurmctldHost=head-01(10.0.0.1)", "SlurmctldPort=6817",
                "SlurmdPort=6818", "StateSaveLocation=/srv/slurm/state", "SlurmdPidFile=/srv/slurm/slurmd-%n.pid",
                "NodeName=c1 CPUs=4", "NodeName=g1 CPUs=8", "NodeName=c2 CPUs=4",
                "PartitionName=cpu Nodes=c1,c2 Default=YES State=UP MaxTime=INFINITE",
                "PartitionName=gpu Nodes=g1 State=UP MaxTime=INFINITE");
    }
}
