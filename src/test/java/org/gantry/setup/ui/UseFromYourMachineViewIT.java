package org.gantry.setup.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.UI;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.security.Role;
import org.gantry.security.TokenService;
import org.gantry.testsupport.KaribuSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

@SpringBootTest
class UseFromYourMachineViewIT {

    @Autowired
    ApplicationContext context;

    @Autowired
    TokenService tokens;

    @AfterEach
    void tearDown() {
        KaribuSupport.signOut();
    }

    @Test
    void the_commands_name_this_server_and_the_user_and_the_button_makes_a_working_token() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate(UseFromYourMachineView.class);

        String install = command("install-command");
        Matcher server = Pattern.compile("curl -fsSL (https?://\\S+)/cli/install\\.sh \\| bash").matcher(install);
        assertThat(server.matches()).as(install).isTrue();
        String alias = UseFromYourMachineView.alias(server.group(1));
        assertThat(command("add-command")).isEqualTo("gantry cluster add --alias " + alias + " --uri "
                + server.group(1) + " --user admin");
        assertThat(_get(CopyableCommand.class, spec -> spec.withId("add-command")).copy.getElement()
                .getAttribute("data-copy")).isEqualTo(command("add-command"));

        _click(_get(UseFromYourMachineView.class).createToken);

        String withToken = command("token-command");
        assertThat(withToken).startsWith(command("add-command") + " --token gty_");
        String token = withToken.substring(withToken.indexOf("--token ") + "--token ".length());
        assertThat(tokens.authenticate(token)).isPresent();
        assertThat(tokens.usableTokens("admin")).anyMatch(t -> t.getLabel().equals(UseFromYourMachineView.TOKEN_LABEL));
    }

    @Test
    void the_cheat_sheet_shows_this_servers_address_in_its_commands() {
        KaribuSupport.signIn(context, "admin", Role.ADMIN);
        UI.getCurrent().navigate(CheatSheetView.class);

        String html = _get(CheatSheetView.class).getElement().getOuterHTML();
        assertThat(html).contains("/cli/install.sh | bash", "gantry cluster add", "&lt;% $parameters.", "callAfter")
                .doesNotContain("@SERVER@");
    }

    @Test
    void an_alias_is_the_first_label_of_the_host_or_the_whole_address() {
        assertThat(UseFromYourMachineView.alias("https://gpu.lab.example:8443/portal")).isEqualTo("gpu");
        assertThat(UseFromYourMachineView.alias("http://127.0.0.1:8080")).isEqualTo("127.0.0.1");
        assertThat(UseFromYourMachineView.alias("http://localhost")).isEqualTo("localhost");
    }

    private static String command(String id) {
        return _get(CopyableCommand.class, spec -> spec.withId(id)).command();
    }
}
