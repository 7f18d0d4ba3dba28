package org.gantry;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.data.repository.Repository;

/** The package rules of STYLE.md: features without cycles, base independent, adapters contained. */
class ArchitectureTest {

    /** The runtime's executor adapters: each owns everything about its backend. */
    private static final List<String> EXECUTOR_ADAPTERS = List.of(
            "org.gantry.runtime.local", "org.gantry.runtime.ssh", "org.gantry.runtime.slurm");

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.gantry");
    }

    /** A rule about a package that does not exist passes silently: every rule names existing ones. */
    private static void existing(String... packages) {
        for (String name : packages) {
            assertThat(classes.containPackage(name)).as("package " + name + " exists").isTrue();
        }
    }

    /** {@code org.gantry.runtime.ssh..} and the like: the packages and everything under them. */
    private static String[] trees(List<String> packages) {
        existing(packages.toArray(String[]::new));
        return packages.stream().map(name -> name + "..").toArray(String[]::new);
    }

    @Test
    void features_have_no_cycles() {
        slices().matching("org.gantry.(*)..").should().beFreeOfCycles().allowEmptyShould(true).check(classes);
    }

    @Test
    void base_depends_on_no_feature() {
        existing("org.gantry.base");
        noClasses().that().resideInAPackage("org.gantry.base..")
                .should().dependOnClassesThat().resideOutsideOfPackages("org.gantry.base..", "java..", "javax..",
                        "jakarta..", "org.springframework..", "org.slf4j..", "com.vaadin..", "io.zonky..",
                        "com.fasterxml..", "io.micrometer..", "org.apache.sshd..", "com.zaxxer.hikari..",
                        "org.hibernate..")
                .check(classes);
    }

    @Test
    void repositories_are_used_only_inside_their_feature() {
        // Package-private repositories can only be reached through their feature's services.
        classes().that().areAssignableTo(Repository.class).and().areInterfaces()
                .should().notBePublic()
                .check(classes);
    }

    @Test
    void views_do_not_call_the_rest_layer() {
        existing("org.gantry.api", "org.gantry.job.ui", "org.gantry.terminal.ui");
        noClasses().that().resideInAPackage("..ui..")
                .should().dependOnClassesThat().resideInAPackage("org.gantry.api..")
                .allowEmptyShould(true).check(classes);
    }

    @Test
    void third_party_adapters_stay_in_their_packages() {
        existing("org.gantry.terminal.ssh", "org.gantry.runtime.ssh", "org.gantry.base.ssh", "org.gantry.terminal");
        noClasses().that().resideOutsideOfPackages("org.gantry.terminal.ssh..", "org.gantry.runtime.ssh..",
                        "org.gantry.base.ssh..")
                .should().dependOnClassesThat().resideInAPackage("org.apache.sshd..")
                .allowEmptyShould(true).check(classes);
        noClasses().that().resideOutsideOfPackage("org.gantry.terminal..")
                .should().dependOnClassesThat().resideInAPackage("com.pty4j..")
                .allowEmptyShould(true).check(classes);
        existing("org.gantry.marketplace.git", "org.gantry.marketplace.localfiles",
                "org.gantry.marketplace.storagefiles");
        noClasses().that().resideOutsideOfPackage("org.gantry.marketplace.git..")
                .should().dependOnClassesThat().resideInAPackage("org.eclipse.jgit..")
                .check(classes);
        // The marketplace reaches its files only through ItemFileStore (docs/decisions/0017).
        noClasses().that().resideOutsideOfPackage("org.gantry.marketplace.localfiles..")
                .should().dependOnClassesThat().resideInAPackage("org.gantry.marketplace.localfiles..")
                .check(classes);
        noClasses().that().resideOutsideOfPackage("org.gantry.marketplace.storagefiles..")
                .should().dependOnClassesThat().resideInAPackage("org.gantry.marketplace.storagefiles..")
                .check(classes);
        // Only the storage adapter reaches the storage feature: the rest of the marketplace knows ItemFileStore.
        noClasses().that().resideInAPackage("org.gantry.marketplace..")
                .and().resideOutsideOfPackage("org.gantry.marketplace.storagefiles..")
                .should().dependOnClassesThat().resideInAPackage("org.gantry.storage..")
                .check(classes);
    }

    @Test
    void only_the_storage_adapter_imports_commons_vfs() {
        existing("org.gantry.storage", "org.gantry.storage.vfs");
        noClasses().that().resideOutsideOfPackage("org.gantry.storage.vfs..")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.commons.vfs2..", "com.jcraft.jsch..")
                .check(classes);
    }

    @Test
    void the_runtime_core_imports_no_executor_adapter() {
        String[] adapters = trees(EXECUTOR_ADAPTERS);
        noClasses().that().resideInAPackage("org.gantry.runtime..").and().resideOutsideOfPackages(adapters)
                .should().dependOnClassesThat().resideInAnyPackage(adapters)
                .check(classes);
    }

    @Test
    void executor_adapters_do_not_import_each_other() {
        for (String adapter : EXECUTOR_ADAPTERS) {
            String[] others = trees(EXECUTOR_ADAPTERS.stream().filter(other -> !other.equals(adapter)).toList());
            noClasses().that().resideInAPackage(adapter + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(others)
                    .check(classes);
        }
    }

    @Test
    void only_the_runtime_reaches_into_its_reconciler() {
        existing("org.gantry.runtime.reconcile");
        noClasses().that().resideOutsideOfPackage("org.gantry.runtime..")
                .should().dependOnClassesThat().resideInAPackage("org.gantry.runtime.reconcile..")
                .check(classes);
    }

    @Test
    void executor_adapters_use_only_the_runtime_interface_runner_and_hosts() {
        existing("org.gantry.runtime", "org.gantry.runtime.runner", "org.gantry.runtime.hosts");
        for (String adapter : EXECUTOR_ADAPTERS) {
            noClasses().that().resideInAPackage(adapter + "..")
                    .should().dependOnClassesThat(resideInAPackage("org.gantry.runtime..").and(resideOutsideOfPackages(
                            "org.gantry.runtime", "org.gantry.runtime.runner..", "org.gantry.runtime.hosts..",
                            adapter + "..")))
                    .check(classes);
        }
    }

    @Test
    void the_runner_and_hosts_helpers_need_no_reconciler() {
        existing("org.gantry.runtime.runner", "org.gantry.runtime.hosts", "org.gantry.runtime.reconcile");
        noClasses().that().resideInAnyPackage("org.gantry.runtime.runner..", "org.gantry.runtime.hosts..")
                .should().dependOnClassesThat().resideInAPackage("org.gantry.runtime.reconcile..")
                .check(classes);
    }
}
