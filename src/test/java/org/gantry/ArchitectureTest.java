package org.gantry;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.data.repository.Repository;

/** The package rules of STYLE.md: features without cycles, base independent, adapters contained. */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.gantry");
    }

    @Test
    void features_have_no_cycles() {
        slices().matching("org.gantry.(*)..").should().beFreeOfCycles().allowEmptyShould(true).check(classes);
    }

    @Test
    void base_depends_on_no_feature() {
        noClasses().that().resideInAPackage("org.gantry.base..")
                .should().dependOnClassesThat().resideOutsideOfPackages("org.gantry.base..", "java..", "javax..",
                        "jakarta..", "org.springframework..", "org.slf4j..", "com.vaadin..", "io.zonky..",
                        "com.fasterxml..", "io.micrometer..", "org.apache.sshd..")
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
        noClasses().that().resideInAPackage("..ui..")
                .should().dependOnClassesThat().resideInAPackage("org.gantry.api..")
                .allowEmptyShould(true).check(classes);
    }

    @Test
    void third_party_adapters_stay_in_their_packages() {
        noClasses().that().resideOutsideOfPackages("org.gantry.terminal.ssh..", "org.gantry.runtime.ssh..",
                        "org.gantry.base.ssh..")
                .should().dependOnClassesThat().resideInAPackage("org.apache.sshd..")
                .allowEmptyShould(true).check(classes);
        noClasses().that().resideOutsideOfPackage("org.gantry.terminal..")
                .should().dependOnClassesThat().resideInAPackage("com.pty4j..")
                .allowEmptyShould(true).check(classes);
        noClasses().that().resideOutsideOfPackage("org.gantry.storage.vfs..")
                .should().dependOnClassesThat().resideInAPackage("org.apache.commons.vfs2..")
                .allowEmptyShould(true).check(classes);
    }
}
